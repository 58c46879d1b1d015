import Effects
import Geometry

/// Proposes its child a size of the given aspect ratio (width / height) that fits in
/// (`.fit`) or fills (`.fill`) the proposal, as SwiftUI's `aspectRatio(_:contentMode:)`.
package final class AspectRatio: Node {
    /// Width over height.
    public var ratio: Double { didSet { if ratio != oldValue { setNeedsLayout() } } }
    /// Whether the child fits inside the proposal or fills it.
    public var mode: ContentMode { didSet { if mode != oldValue { setNeedsLayout() } } }

    /// A ratio ≤ 0 or not finite is taken as 1.
    public init(_ ratio: Double, mode: ContentMode = .fit, _ child: Node) {
        self.ratio = ratio.isFinite && ratio > 0 ? ratio : 1
        self.mode = mode
        super.init(children: [child])
    }

    /// The size of ratio `ratio` for a proposal: fitting inside or covering it. A missing
    /// dimension is derived from the other; with neither, 0 wide.
    public static func size(ratio: Double, mode: ContentMode, proposal: ProposedSize) -> Size {
        let w = proposal.width.flatMap { $0.isFinite ? $0 : nil }, h = proposal.height.flatMap { $0.isFinite ? $0 : nil }
        switch (w, h) {
        case let (w?, h?):
            let byWidth = Size(width: w, height: w / ratio), byHeight = Size(width: h * ratio, height: h)
            let widthFits = byWidth.height <= h
            return mode == .fit ? (widthFits ? byWidth : byHeight) : (widthFits ? byHeight : byWidth)
        case let (w?, nil): return Size(width: w, height: w / ratio)
        case let (nil, h?): return Size(width: h * ratio, height: h)
        case (nil, nil): return .zero
        }
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let s = AspectRatio.size(ratio: ratio, mode: mode, proposal: proposal)
        return children.first?.sizeThatFits(ProposedSize(s)) ?? s
    }

    public override func placeChildren(in size: Size) {
        guard let c = children.first else { return }
        let cs = c.sizeThatFits(ProposedSize(AspectRatio.size(ratio: ratio, mode: mode, proposal: ProposedSize(size))))
        c.place(at: Alignment.center.origin(of: cs, in: size), size: cs)
    }
}
