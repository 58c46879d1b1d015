/// The pixelate effect's math (the Pixelate Shader Effect component): a view drawn in square blocks, each
/// taking the colour at its centre, clamped inside the view.
package enum Pixelation {
    /// The side of the blocks, in points, for an amount of pixelation: 1 (no change) at
    /// amount 0 and `maximum` at 1. size = 1 + (max(maximum, 1) − 1)·clamp(amount, 0, 1);
    /// a non-finite amount gives 1.
    public static func blockSize(amount: Double, maximum: Double) -> Double {
        guard amount.isFinite else { return 1 }
        let top = maximum.isFinite ? max(maximum, 1) : 1
        return 1 + (top - 1) * min(max(amount, 0), 1)
    }

    /// The centre of the block that `coordinate` (points) falls in: (floor(p/size) + 0.5)·size,
    /// clamped to `limit − 0.5` (the last sample inside a view `limit` points long) so that
    /// a block sticking out of the view takes the colour of the last point inside.
    /// A size ≤ 1 returns the coordinate unchanged.
    public static func blockCenter(_ coordinate: Double, size: Double, limit: Double) -> Double {
        guard size > 1 else { return coordinate }
        let c = ((coordinate / size).rounded(.down) + 0.5) * size
        return min(c, max(limit - 0.5, 0))
    }
}
