import Pixels

/// A recording being written, frame by frame: each frame shown from its time (seconds from
/// the start) until the next one's; the last until `finish`'s end time.
package protocol VideoWriter: AnyObject {
    /// Adds a frame (the size of the first; MP4 crops an odd last row or column). The writer
    /// keeps nothing of it: its pixels can be reused once this returns.
    func add(_ frame: PixelBuffer, at seconds: Double) throws(RecordingError)
    /// Completes the file; the last frame lasts until `end` seconds.
    func finish(at end: Double) throws(RecordingError)
    /// Gives up: nothing is left at the path.
    func cancel()
    /// Frames in the file so far (GIF merges unchanged frames and keeps at most 50 a second).
    var frameCount: Int { get }
}

/// The writer for `path`'s format, opened at `path` (its part file) for frames of `width` ×
/// `height`; `realTime` for a recording made while the window runs (`encoder.livePreset`). PNG folders are
/// written by the caller frame by frame instead.
package enum VideoWriters {
    package static func open(_ path: String, format: RecordingFormat, width: Int, height: Int, fps: Double,
                            quality: Double?, realTime: Bool = false, encoder: EncoderSettings = EncoderSettings()) throws(RecordingError) -> any VideoWriter {
        let q = quality ?? RecordingQuality.defaultValue(for: format)
        let file = try RecordingFile(path)
        switch format {
        case .gif: return try GIFWriter(file, width: width, height: height, quality: q, palette: encoder.gifPalette)
        case .mp4: return try MP4Writer(file, width: width, height: height, fps: fps, quality: q, preset: realTime ? encoder.livePreset : nil)
        case .webp: return try WebPWriter(file, width: width, height: height, quality: q)
        case .pngFrames: throw .badPath("--out: a folder of PNGs is written frame by frame")
        }
    }
}
