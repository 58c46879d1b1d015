/// Color Reveal's math (the Color Reveal Image component): a photo is in full colour near the
/// middle of its scroll view and gray toward the viewport's edges along the scroll axis.
package enum ColorReveal {
    /// The fraction of the viewport's length around its centre that stays in full colour.
    public static let clearZone = 0.12
    /// The fraction of the viewport's length over which colour fades out past the clear zone.
    public static let fade = 0.3

    /// Saturation 0…1 for a photo whose centre is `distance` points from the viewport's centre
    /// along the scroll axis, in a viewport `viewportLength` points long on that axis (its
    /// height when it scrolls down, its width when across): clamp(1 − (|d| − 0.12L)/(0.3L), 0, 1);
    /// 0 when L ≤ 0 or d is not finite.
    public static func saturation(distance: Double, viewportLength: Double) -> Double {
        guard viewportLength > 0, distance.isFinite, viewportLength.isFinite else { return 0 }
        let clear = viewportLength * clearZone, span = viewportLength * fade
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
