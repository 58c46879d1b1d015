import Geometry

/// How content of one aspect ratio goes into a frame of another.
public enum ContentMode: Sendable, Hashable {
    /// Scaled to fit inside the frame, whole (letterboxed).
    case fit
    /// Scaled to cover the frame, cropped ("fill-and-crop").
    case fill
}

/// Fit and fill rectangles, and the size cap for decoding huge photos.
package enum ContentFitting {
    /// The rectangle, centred in `frame`, that content of `size` occupies when scaled by `mode`.
    /// An empty content size yields the frame.
    public static func rect(for size: Size, in frame: Rect, mode: ContentMode) -> Rect {
        guard size.width > 0, size.height > 0 else { return frame }
        let sx = frame.width / size.width, sy = frame.height / size.height
        let s = mode == .fit ? min(sx, sy) : max(sx, sy)
        let w = size.width * s, h = size.height * s
        return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
    }

    /// The longest side, in pixels, content of `width` × `height` pixels takes when `mode`
    /// scales it into `box` (pixels), never more than its own: s = min(1, max or min of
    /// box.w / w and box.h / h), side = ⌈max(w, h) · s⌉. 0 for empty content.
    public static func neededSide(width: Int64, height: Int64, in box: Size, mode: ContentMode) -> Int64 {
        guard width > 0, height > 0, box.width.isFinite, box.height.isFinite else { return 0 }
        let sx = box.width / Double(width), sy = box.height / Double(height)
        let s = min(1, max(0, mode == .fit ? min(sx, sy) : max(sx, sy)))
        return Int64((Double(max(width, height)) * s).rounded(.up))
    }

    /// The largest size with the aspect ratio of `size` whose area is at most `maxPixels`,
    /// in whole pixels (at least 1×1). Unchanged when already within the cap.
    public static func capped(width: Int, height: Int, maxPixels: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, width * height > maxPixels else { return (max(width, 1), max(height, 1)) }
        let s = (Double(maxPixels) / Double(width * height)).squareRoot()
        return (max(Int(Double(width) * s), 1), max(Int(Double(height) * s), 1))
    }

    /// The largest of libjpeg's DCT scale denominators (8, 4, 2, 1) whose decoded size,
    /// ceil(w/d) × ceil(h/d), still covers `target`: the cheapest decode that loses nothing at
    /// the size shown.
    public static func jpegDenominator(width: Int, height: Int, covering target: (width: Int, height: Int)) -> Int {
        for d in [8, 4, 2] where (width + d - 1) / d >= target.width && (height + d - 1) / d >= target.height { return d }
        return 1
    }

    /// The smallest of libjpeg's DCT scale denominators (1, 2, 4, 8) whose decoded size, ceil(w/d) ×
    /// ceil(h/d), is at most `maxPixels` (8 if none is).
    public static func jpegDenominator(width: Int, height: Int, maxPixels: Int) -> Int {
        for d in [1, 2, 4, 8] where ((width + d - 1) / d) * ((height + d - 1) / d) <= maxPixels { return d }
        return 8
    }
}
