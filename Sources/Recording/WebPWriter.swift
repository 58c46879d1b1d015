import FoundationEssentials
import Glibc
import Imaging
import Pixels

/// An animated WebP (libwebp's animation encoder, lossy at `quality`), made in memory and
/// written when finished, as `lumen record` always has.
package final class WebPWriter: VideoWriter {
    private var writer: WebPAnimationWriter?
    private let file: RecordingFile
    package private(set) var frameCount = 0

    package init(_ file: RecordingFile, width: Int, height: Int, quality: Double) throws(RecordingError) {
        self.file = file
        close(try file.open())
        do { writer = try WebPAnimationWriter(width: width, height: height, quality: Float(quality)) } catch {
            file.discard()
            throw .failed(error.reason)
        }
    }

    package func add(_ frame: PixelBuffer, at seconds: Double) throws(RecordingError) {
        guard let writer else { throw .failed("the WebP is already finished") }
        do { try writer.add(frame, at: Int((1000 * seconds).rounded())) } catch { throw .failed(error.reason) }
        frameCount += 1
    }

    package func finish(at end: Double) throws(RecordingError) {
        guard let w = writer else { throw .failed("the WebP is already finished") }
        writer = nil
        let bytes: [UInt8]
        do { bytes = try w.finish(at: Int((1000 * end).rounded())) } catch { file.discard(); throw .failed(error.reason) }
        let fd = Glibc.open(file.partPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
        var written = 0
        while fd >= 0, written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n <= 0 { break }
            written += n
        }
        let failure = written < bytes.count ? String(cString: strerror(errno)) : nil
        if fd >= 0 { close(fd) }
        if let failure { file.discard(); throw .failed("cannot write \(file.path): \(failure)") }
        try file.commit()
    }

    package func cancel() {
        guard writer != nil else { return }
        writer = nil
        file.discard()
    }
}
