import Geometry

/// Where a node sits in its scroll view, along the view's scroll axis: what scroll-driven
/// effects (Color Reveal, scroll transitions) read, in a vertical view and a horizontal one
/// alike.
public struct ScrollPlacement: Sendable, Equatable {
    /// The scroll view's axis.
    public var axis: Axis
    /// The node's extent along the axis, in the viewport's points (0 is the viewport's leading
    /// edge: its top in a vertical view, its left in a horizontal one).
    public var span: ClosedRange<Double>
    /// The viewport's length along the axis, in points.
    public var viewportLength: Double

    /// A placement of `span` in a viewport `viewportLength` points long along `axis`.
    public init(axis: Axis, span: ClosedRange<Double>, viewportLength: Double) {
        self.axis = axis; self.span = span; self.viewportLength = viewportLength
    }

    /// How far the viewport's centre is ahead of the node's centre along the axis, in points
    /// (positive: the node is before the middle, above it or to its left).
    public var distanceFromCenter: Double { viewportLength / 2 - (span.lowerBound + span.upperBound) / 2 }
}

extension Node {
    /// The nearest scroll view above this node.
    public var enclosingScrollView: ScrollView? {
        var n = parent
        while let node = n { if let s = node as? ScrollView { return s }; n = node.parent }
        return nil
    }

    /// This node's frame in its scroll view's viewport coordinates (the viewport's top-leading
    /// corner is (0, 0)); nil outside a scroll view. What the components read as
    /// `proxy.frame(in: .scrollView)`.
    public var frameInScrollView: Rect? {
        guard let sv = enclosingScrollView else { return nil }
        var t = AffineTransform.identity
        var n: Node? = self
        while let node = n, node !== sv { t = t.concatenating(node.transformToParent); n = node.parent }
        return t.apply(bounds)
    }

    /// The scroll view's viewport size, for effects that need it with `frameInScrollView`.
    public var scrollViewportSize: Size? { enclosingScrollView?.frame.size }

    /// This node's place along its scroll view's axis; nil outside a scroll view.
    public var scrollPlacement: ScrollPlacement? {
        guard let sv = enclosingScrollView, let f = frameInScrollView else { return nil }
        let lo = f.origin.value(sv.axis), length = f.size.value(sv.axis)
        return ScrollPlacement(axis: sv.axis, span: lo...(lo + max(length, 0)), viewportLength: sv.frame.size.value(sv.axis))
    }
}
