import Geometry

/// What a scroll view asks of its content beyond layout: its length, where its items start
/// (for snapping) and which part is visible (so a lazy list realizes only that). `LazyStack`
/// and `Stack` answer; other content is measured by its frame and has no items.
public protocol ScrollContent: Node {
    /// The content's length along `axis`, in points.
    func scrollLength(along axis: Axis) -> Double
    /// The leading edges of the items along `axis`, in the content's points.
    func itemEdges(along axis: Axis) -> [Double]
    /// Each item's extent along `axis`, in the content's points, in order (what scrolling to
    /// an item and centred snapping use). By default, from one leading edge to the next.
    func itemSpans(along axis: Axis) -> [ClosedRange<Double>]
    /// `visible` (content points along the axis) is on screen now. Returns how far items above
    /// it moved because they measured differently than estimated (the view shifts by as much).
    func show(_ visible: ClosedRange<Double>) -> Double
}

extension ScrollContent {
    /// The content's frame along `axis`.
    public func scrollLength(along axis: Axis) -> Double { frame.size.value(axis) }
    /// From each leading edge to the next, the last to the content's end.
    public func itemSpans(along axis: Axis) -> [ClosedRange<Double>] {
        let edges = itemEdges(along: axis), end = scrollLength(along: axis)
        return edges.indices.map { i in edges[i]...max(i + 1 < edges.count ? edges[i + 1] : end, edges[i]) }
    }
    /// Nothing to realize: no shift.
    public func show(_ visible: ClosedRange<Double>) -> Double { 0 }
}

extension Stack: ScrollContent {
    /// Each child's leading edge.
    public func itemEdges(along axis: Axis) -> [Double] {
        children.map { $0.frame.origin.value(axis) }
    }
    /// Each child's frame along `axis`.
    public func itemSpans(along axis: Axis) -> [ClosedRange<Double>] {
        children.map { let lo = $0.frame.origin.value(axis); return lo...(lo + max($0.frame.size.value(axis), 0)) }
    }
}

extension LazyStack: ScrollContent {
    /// Every item's length and the spacing between them, measured or estimated.
    public func scrollLength(along axis: Axis) -> Double { totalLength }
    /// Every item's leading edge, measured or estimated.
    public func itemEdges(along axis: Axis) -> [Double] { itemOffsets }
    /// Every item's extent, measured or estimated.
    public func itemSpans(along axis: Axis) -> [ClosedRange<Double>] {
        itemOffsets.enumerated().map { i, lo in lo...(lo + length(of: i)) }
    }
}
