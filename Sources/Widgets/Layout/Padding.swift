import Geometry

/// Insets its one child.
package final class Padding: Node {
    /// The space around the child, in points.
    public var insets: Insets { didSet { if insets != oldValue { setNeedsLayout() } } }

    /// `child` with `insets` around it.
    public init(_ insets: Insets, _ child: Node) {
        self.insets = insets
        super.init(children: [child])
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let inner = ProposedSize(width: proposal.width.map { max($0 - insets.horizontal, 0) },
                                 height: proposal.height.map { max($0 - insets.vertical, 0) })
        let s = children.first?.sizeThatFits(inner) ?? .zero
        return Size(width: s.width + insets.horizontal, height: s.height + insets.vertical)
    }

    public override func placeChildren(in size: Size) {
        guard let c = children.first else { return }
        let inner = Size(width: max(size.width - insets.horizontal, 0), height: max(size.height - insets.vertical, 0))
        c.place(at: Point(x: insets.leading, y: insets.top), size: c.sizeThatFits(ProposedSize(inner)))
    }
}
