import Animation
import Geometry

/// Items as places to go: scrolling to an item by index or identity with an anchor and any
/// `Animation`, stepping by items, and the item at the anchor now (SwiftUI's
/// `ScrollViewReader.scrollTo(_:anchor:)` and `scrollPosition(id:)`).
extension ScrollView {
    /// How many items the content has (0 for content without items, which `ScrollContent`
    /// stacks have).
    public var itemCount: Int { itemSpans.count }

    /// The item at the anchor of `targetBehavior` (the leading edge when it is free or
    /// paging): the one whose anchor point is nearest the viewport's; nil without items.
    public var currentItem: Int? { item(nearest: offset) }

    /// Moves item `index` (clamped to the items) to `anchor`, by `animation` (nil: at once). The
    /// default is the animation of the `withAnimation` around the call, so
    /// `withAnimation(.bouncy) { row.scrollTo(item: 3) }` springs. A move in progress is
    /// retargeted, keeping a spring's velocity; a touch, a drag, the wheel or a key takes over.
    public func scrollTo(item index: Int, anchor: Anchor? = nil, animation: Animation? = Transaction.current?.animation) {
        let spans = itemSpans
        guard !spans.isEmpty else { return }
        let i = min(max(index, 0), spans.count - 1)
        scroll(to: restingOffset(for: spans[i], anchor: anchor ?? defaultAnchor), animation: animation)
        if animation != nil, tree != nil { movingToItem = i }
    }

    /// Moves `node`, somewhere in the content, to `anchor`, by `animation` (nil: at once).
    public func scrollTo(_ node: Node, anchor: Anchor? = nil, animation: Animation? = Transaction.current?.animation) {
        let inContent = node.transformToWindow.concatenating(content.transformToWindow.inverted() ?? .identity).apply(node.bounds)
        let lo = inContent.origin.value(axis) + contentStart
        scroll(to: restingOffset(for: lo...(lo + inContent.size.value(axis)), anchor: anchor ?? defaultAnchor), animation: animation)
    }

    /// Moves `count` items forward (negative: back) from the item a move in progress goes to,
    /// or else from `currentItem`, to `anchor`: Previous and Next buttons.
    public func scrollBy(items count: Int, anchor: Anchor? = nil, animation: Animation? = Transaction.current?.animation) {
        guard let from = movingToItem ?? currentItem else { return }
        scrollTo(item: from + count, anchor: anchor, animation: animation)
    }

    /// The anchor items come to by default: the view-aligned one, else the leading edge.
    var defaultAnchor: Anchor {
        if case .viewAligned(let a) = targetBehavior { return a }
        return .leading
    }

    /// Each item's extent along the axis in the view's offset space (margins counted).
    var itemSpans: [ClosedRange<Double>] {
        let start = contentStart
        return (source?.itemSpans(along: axis) ?? []).map { ($0.lowerBound + start)...($0.upperBound + start) }
    }

    /// The offset (clamped into range) that puts `span` at `anchor`.
    func restingOffset(for span: ClosedRange<Double>, anchor: Anchor) -> Double {
        let target: Double
        switch anchor {
        case .leading: target = span.lowerBound
        case .center: target = (span.lowerBound + span.upperBound - viewportLength) / 2
        case .trailing: target = span.upperBound - viewportLength
        }
        return min(max(target, range.lowerBound), range.upperBound)
    }

    /// The item whose anchor point (leading edge, centre or trailing edge, by the default
    /// anchor) is nearest the viewport's at `offset`.
    func item(nearest offset: Double) -> Int? {
        let spans = itemSpans
        guard !spans.isEmpty else { return nil }
        func point(_ span: ClosedRange<Double>) -> Double {
            switch defaultAnchor {
            case .leading: span.lowerBound
            case .center: (span.lowerBound + span.upperBound) / 2
            case .trailing: span.upperBound
            }
        }
        let line = point(offset...(offset + viewportLength))
        // Anchor points rise with the index: a binary search for the first at or past the line.
        var lo = 0, hi = spans.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if point(spans[mid]) < line { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0, abs(point(spans[lo - 1]) - line) <= abs(point(spans[lo]) - line) { return lo - 1 }
        return lo
    }

    /// Tells `onCurrentItemChange` of a new current item.
    func reportCurrentItem() {
        guard let observer = onCurrentItemChange else { return }
        let item = currentItem
        guard item != lastReportedItem else { return }
        lastReportedItem = item
        observer(item)
    }
}
