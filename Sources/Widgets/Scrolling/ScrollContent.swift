import Geometry

/// What a scroll view asks of its content beyond layout: its length, where its items start
/// (for snapping) and which part is visible (so a lazy list realizes only that). `LazyStack`
/// and `Stack` answer; other content is measured by its frame and has no items.
public protocol ScrollContent: Node {
    /// The content's length along `axis`, in points.
    func scrollLength(along axis: Axis) -> Double
    /// The leading edges of the items along `axis`, in the content's points.
    func itemEdges(along axis: Axis) -> [Double]
    /// `visible` (content points along the axis) is on screen now. Returns how far items above
    /// it moved because they measured differently than estimated (the view shifts by as much).
    func show(_ visible: ClosedRange<Double>) -> Double
}

extension ScrollContent {
    public func scrollLength(along axis: Axis) -> Double { frame.size.value(axis) }
    public func show(_ visible: ClosedRange<Double>) -> Double { 0 }
}

extension Stack: ScrollContent {
    public func itemEdges(along axis: Axis) -> [Double] {
        children.map { axis == .vertical ? $0.frame.minY : $0.frame.minX }
    }
}

extension LazyStack: ScrollContent {
    public func scrollLength(along axis: Axis) -> Double { totalLength }
    public func itemEdges(along axis: Axis) -> [Double] { itemOffsets }
}
