import CMediaEncoders
import FoundationEssentials
import Glibc
import Pixels

/// H.264 (x264) in MP4 (libavformat), yuv420p, written as frames come. A recording at a fixed
/// rate has one tick per frame (`1/fps`); the window's recording (`realTime`) has millisecond
/// ticks, each frame at the time it was shown, and a faster x264 preset. An odd width or
/// height loses its last column or row (yuv420p needs even sizes). Same frames, same bytes.
package final class MP4Writer: VideoWriter {
    private var mp4: OpaquePointer?
    private let file: RecordingFile
    package let width: Int, height: Int
    /// Seconds to ticks.
    private let ticksPerSecond: Double
    package private(set) var frameCount = 0
    /// `preset`: x264's preset for a recording made while the window runs (its frames timed
    /// in milliseconds as they come); nil for a recording made frame by frame (`medium`).
    package init(_ file: RecordingFile, width: Int, height: Int, fps: Double, quality: Double, preset: String? = nil) throws(RecordingError) {
        let realTime = preset != nil
        self.file = file
        self.width = width - width % 2; self.height = height - height % 2
        // A fixed rate: 1/fps as a fraction of whole numbers (29.97 → 2997/100).
        let scaled = (fps * 100).rounded()
        let (num, den): (Int32, Int32) = realTime ? (1, 1000) : (fps == fps.rounded() ? (1, Int32(fps)) : (100, Int32(scaled)))
        ticksPerSecond = Double(den) / Double(num)
        // Open the part file once to check the path is writable, then let libavformat write it.
        close(try file.open())
        var message = MediaMessage.buffer()
        guard let m = lumen_mp4_open(file.partPath, Int32(self.width), Int32(self.height), num, den, fps,
                                     Int32(RecordingQuality.crf(quality)), preset ?? "medium", 0, &message) else {
            file.discard()
            throw .failed(MediaMessage.text(message))
        }
        mp4 = m
    }

    deinit { cancel() }

    /// Each frame is converted at once and sent to x264 when the next one comes (its
    /// duration is known then); the pixels can be reused on return.
    package func add(_ frame: PixelBuffer, at seconds: Double) throws(RecordingError) {
        guard let mp4 else { throw .failed("the MP4 is already finished") }
        guard frame.width - frame.width % 2 == width, frame.height - frame.height % 2 == height else {
            throw .failed("a frame changed size (\(frame.width) x \(frame.height))")
        }
        var message = MediaMessage.buffer()
        guard lumen_mp4_add(mp4, frame.pixels, frame.stride, Int64((seconds * ticksPerSecond).rounded()), &message) != 0 else {
            cancel()
            throw .failed(MediaMessage.text(message))
        }
        frameCount += 1
    }

    package func finish(at end: Double) throws(RecordingError) {
        guard let m = mp4 else { throw .failed("the MP4 is already finished") }
        mp4 = nil
        var message = MediaMessage.buffer()
        guard lumen_mp4_finish(m, Int64((end * ticksPerSecond).rounded()), &message) != 0 else {
            file.discard()
            throw .failed(MediaMessage.text(message))
        }
        try file.commit()
    }

    package func cancel() {
        guard let m = mp4 else { return }
        mp4 = nil
        lumen_mp4_abort(m)
        file.discard()
    }
}
