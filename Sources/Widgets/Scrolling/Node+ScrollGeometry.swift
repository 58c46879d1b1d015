import Geometry

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
}
