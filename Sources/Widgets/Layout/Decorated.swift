import Geometry

/// A primary child with backgrounds behind it and overlays on top, each proposed the
/// primary's size and aligned over it (SwiftUI's `background` and `overlay`).
package final class Decorated: Node {
    /// The node decorated, which sets the size.
    public let primary: Node
    /// Where backgrounds and overlays sit on it.
    public var alignment: Alignment

    /// `primary` with `backgrounds` behind it and `overlays` over it, each sized to it.
    public init(_ primary: Node, backgrounds: [Node] = [], overlays: [Node] = [], alignment: Alignment = .center) {
        self.primary = primary
        self.alignment = alignment
        super.init(children: backgrounds + [primary] + overlays)
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size { primary.sizeThatFits(proposal) }

    public override func placeChildren(in size: Size) {
        for c in children {
            let cs = c === primary ? size : c.sizeThatFits(ProposedSize(size))
            c.place(at: alignment.origin(of: cs, in: size), size: cs)
        }
    }
}
