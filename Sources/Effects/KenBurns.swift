import Geometry

/// Ken Burns' math (seed 002, DESIGN §7): a picture that slowly zooms from 1.02 about one
/// unit point to `zoom` about another, filling its frame without ever showing an edge.
public enum KenBurns {
    /// The scale at the start of a pass.
    public static let startScale = 1.02

    /// Scale and anchor (a unit point of the frame) at eased progress p (0 start … 1 end):
    /// both move together, as SwiftUI animates `scaleEffect(_:anchor:)`.
    public static func state(progress p: Double, zoom: Double, from: UnitPoint, to: UnitPoint) -> (scale: Double, anchor: UnitPoint) {
        let end = zoom.isFinite ? max(zoom, 1) : 1
        let s = startScale + (end - startScale) * p
        return (s, UnitPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p))
    }

    /// The transform of the picture in a frame of `size`: a scale about the anchor's point,
    /// p' = a + s·(p − a).
    public static func transform(scale s: Double, anchor: UnitPoint, size: Size) -> AffineTransform {
        let a = Point(anchor.x * size.width, anchor.y * size.height)
        return .scale(s, s, about: a)
    }

    /// The seed's duration rule: at least 0.1 s.
    public static func duration(_ d: Double) -> Double { d.isFinite ? max(d, 0.1) : 12 }
}
