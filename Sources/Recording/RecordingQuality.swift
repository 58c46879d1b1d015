/// `--quality 0…100` for every format, as each encoder takes it: WebP's quality as it is,
/// libimagequant's target quality for GIF, and x264's constant rate factor for MP4
/// (CRF = 51 − 0.4 · quality, rounded: 80 → 19, visually lossless for screen content; 100 →
/// 11; 0 → 51).
package enum RecordingQuality {
    /// The default of each format: 90 for WebP (as before), 100 for GIF (the best palette a
    /// frame allows), 80 for MP4 (CRF 19).
    package static func defaultValue(for format: RecordingFormat) -> Double {
        switch format {
        case .webp: return 90
        case .gif: return 100
        case .mp4, .pngFrames: return 80
        }
    }

    /// x264's CRF for a quality 0…100.
    package static func crf(_ quality: Double) -> Int { Int((51 - 0.4 * min(max(quality, 0), 100)).rounded()) }
}
