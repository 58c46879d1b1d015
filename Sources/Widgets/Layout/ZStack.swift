import Geometry

/// Children on top of each other, each at its own size, aligned in the stack's bounds.
/// The stack is as large as its largest child.
public final class ZStack: Node {
    /// Where smaller children sit.
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// Children on top of one another, the last in front.
    public init(alignment: Alignment = .center, _ children: [Node]) {
        self.alignment = alignment
        super.init(children: children)
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        children.reduce(Size.zero) { s, c in
            let cs = c.sizeThatFits(proposal)
            return Size(width: max(s.width, cs.width), height: max(s.height, cs.height))
        }
    }

    public override func placeChildren(in size: Size) {
        for c in children {
            let cs = c.sizeThatFits(ProposedSize(size))
            c.place(at: alignment.origin(of: cs, in: size), size: cs)
        }
    }
}
