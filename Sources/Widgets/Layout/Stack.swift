import Geometry

/// Children in a row (HStack) or a column (VStack) with spacing and cross-axis alignment.
///
/// Space along the axis is shared as SwiftUI does: children are offered space in order of
/// increasing flexibility (max − min size along the axis), each getting an equal share of
/// what is left, so fixed-size children take what they need and spacers take the rest.
/// Children that grow without bound (spacers, `maxWidth: .infinity` frames) come last and
/// their minimum lengths are set aside while the others are measured, so a text gets its
/// ideal width before a spacer beside it takes anything (the issue SwiftUI's equal share
/// has: a title beside a spacer would be offered half the row and wrap).
public final class Stack: Node {
    /// Across or down.
    public var axis: Axis { didSet { if axis != oldValue { setNeedsLayout() } } }
    /// Points between children.
    public var spacing: Double { didSet { if spacing != oldValue { setNeedsLayout() } } }
    /// Cross-axis alignment: the x of a VStack's alignment, the y of an HStack's.
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// Children side by side along `axis`, `spacing` apart, aligned across it (SwiftUI's HStack and VStack).
    public init(axis: Axis, spacing: Double = 8, alignment: Alignment = .center, _ children: [Node]) {
        self.axis = axis; self.spacing = spacing; self.alignment = alignment
        super.init(children: children)
    }

    /// Hidden children take no room (as a view left out of a SwiftUI stack).
    private var visible: [Node] { children.filter { !$0.isHidden } }
    private var totalSpacing: Double { spacing * Double(max(visible.count - 1, 0)) }

    /// Main-axis sizes for a proposal, in child order.
    private func distribute(_ proposal: ProposedSize) -> [Size] {
        let cross = proposal.value(axis.cross)
        guard let main = proposal.value(axis), main.isFinite else {
            // Ideal or unbounded: everyone at their ideal along the axis.
            return visible.map { $0.sizeThatFits(.along(axis, proposal.value(axis), cross: cross)) }
        }
        let measured: [(index: Int, lo: Double, hi: Double)] = visible.enumerated().map { i, c in
            (i, c.sizeThatFits(.along(axis, 0, cross: cross)).value(axis), c.sizeThatFits(.along(axis, .infinity, cross: cross)).value(axis))
        }
        let bounded = measured.filter { $0.hi.isFinite }.sorted { $0.hi - $0.lo < $1.hi - $1.lo }
        let unbounded = measured.filter { !$0.hi.isFinite }
        var reserved = unbounded.reduce(0) { $0 + $1.lo }
        var remaining = max(main - totalSpacing, 0)
        var sizes = [Size](repeating: .zero, count: visible.count)
        for (k, child) in (bounded + unbounded).enumerated() {
            let unboundedChild = k >= bounded.count
            if unboundedChild { reserved -= child.lo }
            let count = unboundedChild ? measured.count - k : bounded.count - k
            let share = max(remaining - reserved, 0) / Double(count)
            let s = visible[child.index].sizeThatFits(.along(axis, share, cross: cross))
            sizes[child.index] = s
            remaining = max(remaining - s.value(axis), 0)
        }
        return sizes
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let sizes = distribute(proposal)
        let main = sizes.reduce(0) { $0 + $1.value(axis) } + totalSpacing
        let cross = sizes.reduce(0) { max($0, $1.value(axis.cross)) }
        return Size.along(axis, main, cross: cross)
    }

    public override func placeChildren(in size: Size) {
        let sizes = distribute(ProposedSize(size))
        var pos = 0.0
        let crossAlign = axis == .vertical ? alignment.x : alignment.y
        for c in children where c.isHidden { c.place(at: .zero, size: .zero) }
        for (c, s) in zip(visible, sizes) {
            let crossPos = (size.value(axis.cross) - s.value(axis.cross)) * crossAlign
            let origin = axis == .vertical ? Point(x: crossPos, y: pos) : Point(x: pos, y: crossPos)
            c.place(at: origin, size: s)
            pos += s.value(axis) + spacing
        }
    }
}

/// A column of children.
public func VStack(spacing: Double = 8, alignment: Alignment = .center, _ children: [Node]) -> Stack {
    Stack(axis: .vertical, spacing: spacing, alignment: alignment, children)
}

/// A row of children.
public func HStack(spacing: Double = 8, alignment: Alignment = .center, _ children: [Node]) -> Stack {
    Stack(axis: .horizontal, spacing: spacing, alignment: alignment, children)
}
