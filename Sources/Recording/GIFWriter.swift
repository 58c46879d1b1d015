import CMediaEncoders
import FoundationEssentials
import Glibc
import Pixels

/// An animated GIF that loops forever, written as frames come (giflib), each frame's colours
/// chosen by libimagequant with Floyd–Steinberg dithering. Frame times are whole centiseconds
/// (GIF's unit), rounded from the frame's time, so the delays add up to the duration; at
/// most 50 frames a second are kept, since browsers slow down shorter delays. The same
/// frames give the same bytes.
package final class GIFWriter: VideoWriter {
    /// Each frame its own palette (the default: measured best, see the performance doc), or
    /// every frame in the first frame's.
    package enum Palette: Sendable, Equatable { case perFrame, global }

    private var gif: OpaquePointer?
    private let file: RecordingFile
    private let fd: Int32
    package let width: Int, height: Int

    package init(_ file: RecordingFile, width: Int, height: Int, quality: Double, palette: Palette = .perFrame,
                dither: Float = 1) throws(RecordingError) {
        self.file = file
        self.width = width; self.height = height
        fd = try file.open()
        var message = MediaMessage.buffer()
        guard let g = lumen_gif_open(fd, Int32(width), Int32(height), palette == .global ? 1 : 0,
                                     Int32(quality.rounded()), dither, &message) else {
            close(fd); file.discard()
            throw .failed(MediaMessage.text(message))
        }
        gif = g
    }

    deinit { cancel() }

    package var frameCount: Int { gif.map { Int(lumen_gif_frames($0)) } ?? finishedFrames }
    private var finishedFrames = 0

    package func add(_ frame: PixelBuffer, at seconds: Double) throws(RecordingError) {
        guard let gif else { throw .failed("the GIF is already finished") }
        guard frame.width == width, frame.height == height else { throw .failed("a frame changed size (\(frame.width) x \(frame.height))") }
        var message = MediaMessage.buffer()
        guard lumen_gif_add(gif, frame.pixels, frame.stride, Int32((seconds * 100).rounded()), &message) != 0 else {
            cancel()
            throw .failed(MediaMessage.text(message))
        }
    }

    package func finish(at end: Double) throws(RecordingError) {
        guard let g = gif else { throw .failed("the GIF is already finished") }
        finishedFrames = Int(lumen_gif_frames(g))
        gif = nil
        var message = MediaMessage.buffer()
        let ok = lumen_gif_finish(g, Int32((end * 100).rounded()), &message) != 0
        let closed = close(fd) == 0
        guard ok, closed else {
            file.discard()
            throw .failed(ok ? "cannot write \(file.path): \(String(cString: strerror(errno)))" : MediaMessage.text(message))
        }
        try file.commit()
    }

    package func cancel() {
        guard let g = gif else { return }
        gif = nil
        lumen_gif_abort(g)
        close(fd)
        file.discard()
    }
}
