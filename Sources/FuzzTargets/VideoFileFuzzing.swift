import CDecodeSandbox
import CVideoDecoding
import Glibc

/// A video file as the video worker reads it (`lumen_video_decode_in_process`: FFmpeg's
/// demuxers and decoders through Lumen's input, stream choice, output fitting, conversion and
/// rewinding), in this process and from memory: up to 24 pictures of at most 64 × 64.
enum VideoFileFuzzing {
    /// The reason FFmpeg cannot be opened, or nil.
    static var missingLibrary: String? { lumen_video_ffmpeg_load().map { String(cString: $0) } }

    static func decode(_ bytes: UnsafeRawBufferPointer) {
        let fd = lumen_sandbox_memfd(bytes.count)
        guard fd >= 0 else { return }
        if let base = bytes.baseAddress, bytes.count > 0 { _ = pwrite(fd, base, bytes.count, 0) }
        var reason = [CChar](repeating: 0, count: Int(LUMEN_VIDEO_MESSAGE_SIZE))
        _ = lumen_video_decode_in_process(fd, 64, 64, 24, &reason)
    }
}
