import Geometry

/// A node that wraps one child at its own size (Flutter's RenderProxyBox): sizing and placing
/// pass straight through, so a wrapper only adds what it is for (a press, an effect, a layer).
open class ProxyNode: Node {
    /// The wrapped node.
    public let child: Node

    /// A node standing for `child`.
    public init(_ child: Node) {
        self.child = child
        super.init(children: [child])
    }

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    open override func placeChildren(in size: Size) { child.place(at: .zero, size: size) }
}
