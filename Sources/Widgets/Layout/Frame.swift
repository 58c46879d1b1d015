import Geometry

/// SwiftUI's `frame` modifier: fixed width/height, or min/max bounds (max may be
/// `.infinity` to take all offered space), with the child aligned inside.
package final class Frame: Node {
    /// A fixed width and height, in points (nil: the child's).
    public var width: Double?, height: Double?
    /// Bounds on the width and height, in points (nil: none; `.infinity` as SwiftUI's).
    public var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    /// Where the child sits in the frame.
    public var alignment: Alignment

    /// `child` in a frame of these sizes (SwiftUI's `.frame`).
    public init(_ child: Node, width: Double? = nil, height: Double? = nil,
                minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
                alignment: Alignment = .center) {
        self.width = width; self.height = height
        self.minWidth = minWidth; self.maxWidth = maxWidth; self.minHeight = minHeight; self.maxHeight = maxHeight
        self.alignment = alignment
        super.init(children: [child])
    }

    /// The size along one axis: fixed when given; otherwise the child's size, pulled toward
    /// the proposal by the bounds (the rule of objc.io's "SwiftUI Layout Explained"):
    /// with a min, max(min, min(child, proposal)); with a max, min(max, max(child, proposal)).
    /// An unbounded result falls back to the child's size.
    package static func resolve(fixed: Double?, min lo: Double?, max hi: Double?, proposal p: Double?, child c: Double) -> Double {
        if let f = fixed { return f }
        let proposed = p ?? c
        var v = c
        if let lo { v = max(lo, min(v, proposed)) }
        if let hi { v = min(hi, max(v, proposed)) }
        return v.isFinite ? v : c
    }

    /// A frame with a fixed width and height does not change size with its content.
    public override var isLayoutBoundary: Bool { width != nil && height != nil }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        func axis(_ fixed: Double?, _ lo: Double?, _ hi: Double?, _ p: Double?) -> Double? {
            if let f = fixed { return f }
            guard var v = p else { return nil }
            if let hi { v = min(v, hi) }
            if let lo { v = max(v, lo) }
            return v
        }
        return ProposedSize(width: axis(width, minWidth, maxWidth, proposal.width),
                            height: axis(height, minHeight, maxHeight, proposal.height))
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let child = children.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return Size(width: Frame.resolve(fixed: width, min: minWidth, max: maxWidth, proposal: proposal.width, child: child.width),
                    height: Frame.resolve(fixed: height, min: minHeight, max: maxHeight, proposal: proposal.height, child: child.height))
    }

    public override func placeChildren(in size: Size) {
        guard let c = children.first else { return }
        let cs = c.sizeThatFits(childProposal(ProposedSize(size)))
        c.place(at: alignment.origin(of: cs, in: size), size: cs)
    }
}
