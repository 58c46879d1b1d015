import Geometry

/// Flexible empty space along its stack's axis (both axes outside a stack).
public final class Spacer: Node {
    /// The least it shrinks to, in points.
    public var minLength: Double
    /// A spacer at least `minLength` points long.
    public init(minLength: Double = 8) { self.minLength = minLength; super.init() }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        // Expands to whatever is offered along either axis, but never below minLength.
        // An infinite offer is answered with infinity so stacks see that spacers are the most
        // flexible children; no offer means the minimum length.
        func dim(_ v: Double?) -> Double { guard let v else { return minLength }; return max(v, minLength) }
        if let stack = parent as? Stack {
            return Size.along(stack.axis, dim(proposal.value(stack.axis)), cross: 0)
        }
        return Size(width: dim(proposal.width), height: dim(proposal.height))
    }
}
