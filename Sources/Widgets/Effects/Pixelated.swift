import Animation
import Effects
import Geometry
import Render

/// Draws its content in square blocks (Pixelate Shader Effect): `amount` 0 is untouched, 1 is blocks of
/// `blockSize` points; size = 1 + (max(blockSize, 1) − 1)·clamp(amount, 0, 1), a non-finite
/// amount counts as none. Each block takes the colour at its centre, clamped inside the view.
/// A size ≤ 1 draws the content as it is, with no layer.
///
/// `amount` animates like any property, so a transaction animates every step; with Reduce
/// Motion the blocks are there (amount > 0.5) or not. While it is a secret (its amount is
/// heading above 0) the content is hidden from semantics.
public final class Pixelated: ProxyNode {
    /// The blocks' size, in points, at full amount.
    public var blockSize: Double { didSet { if blockSize != oldValue { updateEffect() } } }
    /// Animatable ("amount").
    public var amount: Double {
        didSet {
            guard amount != oldValue else { return }
            if animateChange(\.amount, from: oldValue) {
                updateSecrecy()
                return
            }
            updateEffect()
        }
    }
    private let motion: MotionSettings

    /// `content` pixelated by `amount` (0 clear, 1 in blocks of `blockSize` points); with Reduce Motion it
    /// jumps at 0.5.
    public init(_ content: Node, amount: Double, blockSize: Double = 22, motion: MotionSettings = MotionSettings()) {
        self.amount = amount
        self.blockSize = blockSize
        self.motion = motion
        super.init(content)
        motion.observe { [weak self] _ in self?.updateEffect() }
        updateEffect()
    }

    /// The amount drawn: with Reduce Motion, 1 above 0.5 and 0 otherwise.
    public var shownAmount: Double {
        guard amount.isFinite else { return 0 }
        return motion.reduceMotion ? (amount > 0.5 ? 1 : 0) : amount
    }

    /// The block side drawn now, in points.
    public var currentBlockSize: Double {
        amount.isFinite ? Pixelation.blockSize(amount: shownAmount, maximum: blockSize) : 1
    }

    private func updateEffect() {
        let size = currentBlockSize
        layerEffect = size > 1 ? .pixelate(blockSize: size) : nil
        updateSecrecy()
    }

    private func updateSecrecy() {
        let target = animationTarget(\Pixelated.amount) ?? amount
        semantics.hidden = target.isFinite && target > 0
    }

}

extension Node {
    /// Wraps the node in a `Pixelated` node (SwiftUI-style modifier, as Pixelate Shader Effect's).
    public func pixelate(_ amount: Double, blockSize: Double = 22, motion: MotionSettings = MotionSettings()) -> Pixelated {
        Pixelated(self, amount: amount, blockSize: blockSize, motion: motion)
    }
}
