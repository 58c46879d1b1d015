import CImageCodecs
import FoundationEssentials
import Glibc
import Pixels

/// Frames to an animated WebP with libwebp's animation encoder: each frame starts at its time
/// in milliseconds and lasts until the next one; the last lasts until `finish`'s end time.
/// Lossy at quality 90 by default (a 1280 × 800 recording stays small), lossless on request.
package final class WebPAnimationWriter {
    private var anim: OpaquePointer?
    /// The frames' size, in pixels.
    public let width: Int, height: Int

    /// A writer for frames of `width` × `height`, lossless or lossy at `quality` (0–100).
    public init(width: Int, height: Int, lossless: Bool = false, quality: Float = 90) throws(ImageDecoder.Failure) {
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        guard let a = lumen_webp_anim_begin(Int32(width), Int32(height), lossless ? 1 : 0, quality, &message) else {
            throw ImageDecoder.Failure(reason: ImageDecoder.reason(message))
        }
        anim = a
        self.width = width; self.height = height
    }

    deinit {
        // Unfinished: let the encoder go without output.
        if let anim { var size = 0; free(lumen_webp_anim_end(anim, 0, &size, nil)) }
    }

    /// Adds a frame shown from `milliseconds` on.
    public func add(_ frame: PixelBuffer, at milliseconds: Int) throws(ImageDecoder.Failure) {
        guard let anim, frame.width == width, frame.height == height else { throw ImageDecoder.Failure(reason: "frame size changed") }
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        guard lumen_webp_anim_add(anim, frame.pixels, frame.stride * 4, Int32(milliseconds), &message) != 0 else {
            throw ImageDecoder.Failure(reason: ImageDecoder.reason(message))
        }
    }

    /// The file's bytes, the last frame lasting until `end` milliseconds.
    public func finish(at end: Int) throws(ImageDecoder.Failure) -> [UInt8] {
        guard let a = anim else { throw ImageDecoder.Failure(reason: "already finished") }
        anim = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        guard let bytes = lumen_webp_anim_end(a, Int32(end), &size, &message) else {
            throw ImageDecoder.Failure(reason: ImageDecoder.reason(message))
        }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    /// The frame count and each frame's duration (ms) of a WebP file's bytes; nil if unreadable.
    public static func frames(of bytes: [UInt8]) -> (count: Int, durations: [Int])? {
        var count: Int32 = 0
        var durations = [Int32](repeating: 0, count: 10_000)
        guard lumen_webp_anim_info(bytes, bytes.count, &durations, Int32(durations.count), &count) != 0 else { return nil }
        return (Int(count), durations.prefix(Int(count)).map(Int.init))
    }
}
