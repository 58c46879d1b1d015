import Geometry
import Render

/// A filled and/or stroked shape taking the size it is offered (SwiftUI's shapes and
/// `Color` views). Gradients are given in unit points of the node's bounds.
public final class ShapeNode: Node {
    /// What fills the shape: a colour or a gradient.
    public enum Fill: Sendable, Hashable {
        /// One colour.
        case color(Color)
        /// Evenly spaced colours from one unit point to another.
        case gradient([Color], from: UnitPoint, to: UnitPoint)
        /// Explicit stops from one unit point to another.
        case stops([GradientStop], from: UnitPoint, to: UnitPoint)
    }
    /// The shape, in the node's bounds.
    public var shape: ClipShape { didSet { if shape != oldValue { setNeedsDisplay() } } }
    /// Its fill (nil: none).
    public var fill: Fill? { didSet { if fill != oldValue { setNeedsDisplay() } } }
    /// Its outline's colour and width in points (nil: none).
    public var stroke: (color: Color, width: Double)? { didSet { setNeedsDisplay() } }

    /// A node drawing `shape` with `fill` and `stroke`.
    public init(_ shape: ClipShape = .rect, fill: Fill? = nil, stroke: (color: Color, width: Double)? = nil) {
        self.shape = shape; self.fill = fill; self.stroke = stroke
        super.init()
    }

    /// A plain colour filling its space.
    public convenience init(color: Color) { self.init(.rect, fill: .color(color)) }

    public override var paintsContent: Bool { fill != nil || stroke != nil }
    public override var appliesOpacityItself: Bool { stroke == nil }

    /// A shape casts its shadow by its own outline, at its fill's alpha (a gradient's most
    /// opaque stop); a stroke alone casts none here.
    public override var shadowShape: Shape { shape.shape(in: bounds) }
    public override var shadowAlpha: Double {
        switch fill {
        case .color(let c): return c.alpha
        case .gradient(let colors, _, _): return colors.map(\.alpha).max() ?? 1
        case .stops(let stops, _, _): return stops.map(\.color.alpha).max() ?? 1
        case nil: return 0
        }
    }

    public override func paint(into list: inout DisplayList) {
        let b = bounds
        if let f = fill {
            let s = shape.shape(in: b)
            let paint: Paint
            switch f {
            case .color(let c): paint = .color(c)
            case .gradient(let colors, let from, let to): paint = .linearGradient(LinearGradient(colors: colors, from: from, to: to, in: b))
            case .stops(let stops, let from, let to): paint = .linearGradient(LinearGradient(stops: stops, start: from.point(in: b), end: to.point(in: b)))
            }
            list.append(.fill(s, paint, opacity: paintOpacity))
        }
        if let st = stroke, st.width > 0 {
            // Centred on the outline, inset by half the width so it stays inside the bounds.
            let inset = b.insetBy(dx: st.width / 2, dy: st.width / 2)
            list.append(.stroke(shape.shape(in: inset), .color(st.color), lineWidth: st.width))
        }
    }
}
