import Geometry

/// Where an item is in its scroll transition (the scroll transitions tutorial, SwiftUI's
/// ScrollTransitionPhase):
/// identity while it is visible enough, topLeading (value −1) or bottomTrailing (+1) as it
/// leaves by that edge.
public struct ScrollTransitionPhase: Sendable, Hashable {
    /// Where the item is: leaving, in view, or leaving by the other edge.
    public enum Kind: Sendable, Hashable {
        /// Leaving by the top (or leading) edge.
        case topLeading
        /// In view, at rest.
        case identity
        /// Leaving by the bottom (or trailing) edge.
        case bottomTrailing
    }
    /// Which of the three.
    public var kind: Kind
    /// −1 … 1: how far along the transition, signed by the edge (0 is identity).
    public var value: Double
    /// The phase `kind` at `value` (−1…1).
    public init(_ kind: Kind, value: Double) { self.kind = kind; self.value = value }
    /// Fully in view.
    public static let identity = ScrollTransitionPhase(.identity, value: 0)
    /// Whether it is fully in view.
    public var isIdentity: Bool { kind == .identity }
}

/// The scroll transition's math: phases from an item's span against the viewport's, along the
/// scroll axis (points; both in the viewport's coordinates, so the viewport is 0…length).
public enum ScrollTransitionMath {
    /// When an item counts as shown.
    public enum Threshold: Sendable, Hashable {
        /// Identity once the item is fully visible (or fills the viewport).
        case visible
        /// Identity once this fraction (0…1) of it is visible.
        case visibleFraction(Double)
        /// Identity only when its centre is at the viewport's centre.
        case centered
    }

    /// Progress 0 (just hidden) … 1 (at the threshold) of an item spanning `item` in a viewport
    /// of `length`, and the edge it is nearer to.
    public static func progress(item: ClosedRange<Double>, viewport length: Double, threshold: Threshold) -> (progress: Double, leading: Bool) {
        let itemLength = item.upperBound - item.lowerBound
        let centre = (item.lowerBound + item.upperBound) / 2
        let leading = centre < length / 2
        guard length > 0, itemLength >= 0 else { return (0, leading) }
        switch threshold {
        case .centered:
            let reach = length / 2 + itemLength / 2
            guard reach > 0 else { return (0, leading) }
            return (min(max(1 - abs(centre - length / 2) / reach, 0), 1), leading)
        case .visible, .visibleFraction:
            let needed: Double
            if case .visibleFraction(let f) = threshold { needed = min(max(f, 0), 1) } else { needed = 1 }
            let overlap = max(min(item.upperBound, length) - max(item.lowerBound, 0), 0)
            // An item longer than the viewport is "fully visible" when it fills it.
            let visibleFraction = overlap / max(min(itemLength, length), 1e-9)
            guard needed > 0 else { return (overlap > 0 || itemLength == 0 ? 1 : 0, leading) }
            return (min(visibleFraction / needed, 1), leading)
        }
    }

    /// The interactive phase: the value moves from ±1 (just hidden) to 0 (at the threshold)
    /// along `curve` (ease-in-out by default), as SwiftUI's `.interactive(timingCurve:)`.
    public static func interactivePhase(item: ClosedRange<Double>, viewport: Double, threshold: Threshold = .visible,
                                        curve: (Double) -> Double) -> ScrollTransitionPhase {
        let (p, leading) = progress(item: item, viewport: viewport, threshold: threshold)
        if p >= 1 { return .identity }
        let magnitude = 1 - curve(p)
        return ScrollTransitionPhase(leading ? .topLeading : .bottomTrailing, value: leading ? -magnitude : magnitude)
    }

    /// The animated configuration's discrete phase: identity at or past the threshold, else
    /// the edge the item is nearer to at full value.
    public static func discretePhase(item: ClosedRange<Double>, viewport: Double, threshold: Threshold = .visible) -> ScrollTransitionPhase {
        let (p, leading) = progress(item: item, viewport: viewport, threshold: threshold)
        if p >= 1 - 1e-9 { return .identity }
        return leading ? ScrollTransitionPhase(.topLeading, value: -1) : ScrollTransitionPhase(.bottomTrailing, value: 1)
    }
}
