import Animation
import Effects
import Geometry
import Render

/// What a scroll transition does to its content at one phase; effects compose in the order
/// scale → 3D rotation → offset (SwiftUI's modifiers in the component's order), opacity alongside.
public struct TransitionEffect: Sendable, Hashable {
    /// A 3D rotation: SwiftUI's `rotation3DEffect`.
    public struct Rotation: Sendable, Hashable {
        /// The angle, in degrees.
        public var degrees: Double
        /// The axis turned about.
        public var axis: (x: Double, y: Double, z: Double)
        /// The point turned about, in the content's bounds.
        public var anchor: UnitPoint
        /// The distance of the eye, as SwiftUI's perspective (1: its default).
        public var perspective: Double
        /// A rotation of `degrees` about `axis` at `anchor`.
        public init(degrees: Double, axis: (x: Double, y: Double, z: Double), anchor: UnitPoint = .center, perspective: Double = 1) {
            self.degrees = degrees; self.axis = axis; self.anchor = anchor; self.perspective = perspective
        }
        public static func == (a: Rotation, b: Rotation) -> Bool {
            a.degrees == b.degrees && a.axis == b.axis && a.anchor == b.anchor && a.perspective == b.perspective
        }
        public func hash(into h: inout Hasher) { h.combine(degrees); h.combine(axis.x); h.combine(axis.y); h.combine(axis.z) }
    }
    /// The scale.
    public var scale: Double
    /// The opacity, 0…1.
    public var opacity: Double
    /// The offset, in points.
    public var offset: Point
    /// A 3D rotation, or none.
    public var rotation: Rotation?

    /// An effect of these.
    public init(scale: Double = 1, opacity: Double = 1, offset: Point = .zero, rotation: Rotation? = nil) {
        self.scale = scale; self.opacity = opacity; self.offset = offset; self.rotation = rotation
    }
    /// No effect.
    public static let identity = TransitionEffect()

    /// a + (b − a)·t, component by component (the rotation's angle; its axis is b's, or a's).
    public static func lerp(_ a: TransitionEffect, _ b: TransitionEffect, _ t: Double) -> TransitionEffect {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var rotation: Rotation?
        if a.rotation != nil || b.rotation != nil {
            let from = a.rotation?.degrees ?? 0, to = b.rotation?.degrees ?? 0
            var r = b.rotation ?? a.rotation!
            r.degrees = l(from, to)
            rotation = r
        }
        return TransitionEffect(scale: l(a.scale, b.scale), opacity: l(a.opacity, b.opacity),
                                offset: Point(l(a.offset.x, b.offset.x), l(a.offset.y, b.offset.y)), rotation: rotation)
    }

    /// The projective transform of a view of `size` (points): scale about the centre, then
    /// the rotation about its anchor with perspective, then the offset.
    public func projection(size: Size) -> Projection {
        let c = Point(size.width / 2, size.height / 2)
        var p = Projection(AffineTransform.scale(scale, scale, about: c))
        if let r = rotation, r.degrees != 0 {
            p = p.concatenating(.rotation3D(degrees: r.degrees, axis: r.axis, anchor: r.anchor, size: size, perspective: r.perspective))
        }
        return p.concatenating(Projection(AffineTransform.translation(offset.x, offset.y)))
    }

    /// The same without rotation, as an affine transform (no offscreen layer needed).
    public func affine(size: Size) -> AffineTransform {
        AffineTransform.scale(scale, scale, about: Point(size.width / 2, size.height / 2)).concatenating(.translation(offset.x, offset.y))
    }
}

/// How a scroll transition follows the scroll (SwiftUI's ScrollTransitionConfiguration).
public enum ScrollTransitionConfiguration: Sendable {
    /// The effect follows the scroll continuously, the value shaped by `curve` (ease-in-out).
    case interactive(threshold: ScrollTransitionMath.Threshold = .visible, curve: TimingCurve = .easeInOut)
    /// The phase flips at the threshold and the change animates (the default spring).
    case animated(Animation = .default, threshold: ScrollTransitionMath.Threshold = .visible)
    /// No effect.
    case identity

    /// `interactive()` with its defaults.
    public static var interactive: ScrollTransitionConfiguration { .interactive() }
    /// `animated()` with its defaults.
    public static var animated: ScrollTransitionConfiguration { .animated() }
}

/// Applies a scroll transition to its content (the scroll transitions tutorial): each frame it reads its
/// frame in
/// the scroll view's viewport, works out the phase and applies `effect`. The content is drawn
/// through an offscreen layer only when it needs one (group opacity, 3D rotation).
public final class ScrollTransition: ProxyNode {
    /// How the effect follows the scroll.
    public let configuration: ScrollTransitionConfiguration
    private let effect: (ScrollTransitionPhase) -> TransitionEffect
    package let content: Node
    /// The current phase (for the animated configuration, the discrete one).
    public private(set) var phase = ScrollTransitionPhase.identity
    /// The animated configuration's progress toward the edge effect (0 identity, 1 edge).
    public var amount = 0.0 {
        didSet {
            guard amount != oldValue else { return }
            if animateChange(\.amount, from: oldValue) { return }
            applyAnimated()
        }
    }
    private var edge = ScrollTransitionPhase(.bottomTrailing, value: 1)

    /// `content` with the effect `effect` gives for each phase (SwiftUI's `.scrollTransition`).
    public init(_ content: Node, configuration: ScrollTransitionConfiguration = .interactive,
                effect: @escaping (ScrollTransitionPhase) -> TransitionEffect) {
        self.configuration = configuration
        self.effect = effect
        self.content = content
        super.init(content)
        onScrollGeometryChange = { [unowned self] _ in self.update() }
    }

    public override func placeChildren(in size: Size) {
        super.placeChildren(in: size)
        update()
    }

    func update() {
        guard let placement = scrollPlacement else { show(.identity); return }
        let (item, length) = (placement.span, placement.viewportLength)
        switch configuration {
        case .identity:
            show(TransitionEffect.identity)
        case .interactive(let threshold, let curve):
            phase = ScrollTransitionMath.interactivePhase(item: item, viewport: length, threshold: threshold, curve: curve.value)
            if phase.isIdentity { show(effect(.identity)); return }
            let end = effect(ScrollTransitionPhase(phase.kind, value: phase.value < 0 ? -1 : 1))
            show(TransitionEffect.lerp(effect(.identity), end, abs(phase.value)))
        case .animated(let animation, let threshold):
            let discrete = ScrollTransitionMath.discretePhase(item: item, viewport: length, threshold: threshold)
            guard discrete != phase || tree == nil else { return }
            // The first placement, and a jump of the list, take the phase at once; later flips animate.
            let first = (!hasBeenPlaced && amount == 0) || enclosingScrollView?.isJumping == true
            phase = discrete
            if !discrete.isIdentity { edge = discrete }
            hasBeenPlaced = true
            withAnimation(first ? nil : animation) { amount = discrete.isIdentity ? 0 : 1 }
            applyAnimated()
        }
    }
    private var hasBeenPlaced = false

    private func applyAnimated() {
        show(TransitionEffect.lerp(effect(.identity), effect(edge), amount))
    }

    /// Applies an effect to the content: an affine transform when flat, a projection layer when
    /// rotated in 3D; opacity as group opacity.
    private func show(_ e: TransitionEffect) {
        let size = content.frame.size
        if let r = e.rotation, abs(r.degrees) > 1e-6 {
            content.transform = .identity
            content.layerEffect = .projection(e.projection(size: size))
        } else {
            content.layerEffect = nil
            content.transform = e.affine(size: size)
        }
        content.opacity = min(max(e.opacity, 0), 1)
    }
}

extension Node {
    /// SwiftUI-style modifier: `card.scrollTransition { phase in TransitionEffect(scale: phase.isIdentity ? 1
    /// : 0.6) }`.
    public func scrollTransition(_ configuration: ScrollTransitionConfiguration = .interactive,
                                 _ effect: @escaping (ScrollTransitionPhase) -> TransitionEffect) -> ScrollTransition {
        ScrollTransition(self, configuration: configuration, effect: effect)
    }
}
