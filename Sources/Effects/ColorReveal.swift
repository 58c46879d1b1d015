/// Color Reveal's math (Color Reveal Image, DESIGN §7): a photo is in full colour near the middle of its
/// scroll view and gray toward the edges.
public enum ColorReveal {
    /// The fraction of the viewport height around its centre that stays in full colour.
    public static let clearZone = 0.12
    /// The fraction of the viewport height over which colour fades out past the clear zone.
    public static let fade = 0.3

    /// Saturation 0…1 for a photo whose centre is `distance` points from the viewport's centre
    /// in a viewport `viewportHeight` points tall: clamp(1 − (|d| − 0.12H)/(0.3H), 0, 1);
    /// 0 when H ≤ 0 or d is not finite.
    public static func saturation(distance: Double, viewportHeight: Double) -> Double {
        guard viewportHeight > 0, distance.isFinite, viewportHeight.isFinite else { return 0 }
        let clear = viewportHeight * clearZone, span = viewportHeight * fade
        return min(max(1 - (abs(distance) - clear) / span, 0), 1)
    }

    /// The saturation a single drawing needs to look like the component's two layers: the
    /// scroll-driven image at saturation `s` under a full-colour copy at opacity `o`.
    /// Both are linear in colour and gray, so 1 − (1 − o)(1 − s) is exact for opaque pixels.
    public static func combined(scroll s: Double, reveal o: Double) -> Double {
        let sc = min(max(s, 0), 1), oc = min(max(o, 0), 1)
        return 1 - (1 - oc) * (1 - sc)
    }
}
