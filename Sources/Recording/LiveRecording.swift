import Dispatch
import Glibc
import Pixels
import SystemSupport

/// A recording of frames as they are shown (the window's), encoded on a thread of its own at
/// a lower priority (`EncoderThread`) so the thread that draws only hands frames over. Frames wait in memory up
/// to `queueLimit`
/// bytes; past that (an encoder slower than the display for too long) a frame is left out
/// and counted. A write that fails (a full disk) stops the recording, its file removed; the
/// outcome is there for the caller to take, and `wake` tells it.
package final class LiveRecording: @unchecked Sendable {
    package enum Outcome: Sendable, Equatable {
        /// Saved: the path, the frames in it, the seconds it lasts, the frames left out, the
        /// mean encode time per frame (milliseconds, on the recording's thread), and why it
        /// stopped by itself (nil: it was stopped).
        case saved(path: String, frames: Int, seconds: Double, dropped: Int, encodeMs: Double, stoppedBecause: String?)
        /// Stopped by an error, nothing left at the path.
        case failed(String)
    }

    /// Bytes of frames waiting to be encoded, at most (128 MB: 32 frames of 1280 × 800 px,
    /// half a second at 60 Hz).
    package static let queueLimit = 128 << 20

    package let path: String
    private let format: RecordingFormat
    private let fps: Double
    private let queue: EncoderThread
    private let wake: @Sendable () -> Void
    /// What the window's thread and the encoder's share.
    private struct Shared {
        var queuedBytes = 0
        var dropped = 0
        var stopped = false
        var outcome: Outcome?
        /// Frames encoded, given back for the next copies (at most `spareLimit`).
        var spares: [PixelBuffer] = []
    }
    private let shared = Locked(Shared())
    static let spareLimit = 4
    // On the encoder's thread:
    private var writer: (any VideoWriter)?
    private let encoder: EncoderSettings
    private var encodeSeconds = 0.0
    private var encoded = 0
    private var failure: String?
    private var frameSize: (width: Int, height: Int)?
    private var finished = false
    /// Signalled once the file is written or given up, however the recording ended (stopped,
    /// a resized window, a failed write).
    private let written = DispatchSemaphore(value: 0)

    /// Checks the path (a bad one throws at once); frames follow with `add`.
    package init(path: String, fps: Double, encoder: EncoderSettings = EncoderSettings(), wake: @escaping @Sendable () -> Void = {}) throws(RecordingError) {
        format = try RecordingFormat(path: path)
        guard format != .pngFrames else { throw .badPath("a window recording is a file (.mp4, .gif or .webp)") }
        _ = try RecordingFile(path)
        self.path = path
        self.fps = fps
        self.encoder = encoder
        self.wake = wake
        queue = EncoderThread()
    }

    deinit { queue.finish() }

    /// Hands over a frame shown `seconds` after the recording started; whether it went into
    /// the recording (false once the recording has stopped, or when the backlog is full and
    /// the frame is left out, counted).
    @discardableResult
    package func add(_ frame: PixelBuffer, at seconds: Double) -> Bool {
        let accepted = shared.withLock { s -> Bool in
            guard !s.stopped else { return false }
            guard s.queuedBytes + frame.byteCount <= Self.queueLimit else { s.dropped += 1; return false }
            s.queuedBytes += frame.byteCount
            return true
        }
        if accepted { queue.async { self.encode(frame, at: seconds) } }
        return accepted
    }

    /// Stops taking frames and finishes the file (the last frame lasting until `seconds`) on
    /// the encoder's thread; `wait`: until it is written.
    package func stop(at seconds: Double, wait: Bool = false) {
        let first = shared.withLock { s -> Bool in defer { s.stopped = true }; return !s.stopped }
        if first {
            queue.async { self.finish(at: seconds) }
            queue.finish()
        }
        // Waiting is for the file, whoever stopped the recording: quitting just after `r` had
        // stopped it left the encoder still writing and the file a `.part`.
        if wait {
            written.wait()
            written.signal()
        }
    }

    /// A buffer a frame was encoded from, to copy the next frame into (nil: none yet).
    package func spareBuffer() -> PixelBuffer? { shared.withLock { $0.spares.popLast() } }

    /// The outcome once there is one (taken once).
    package func takeOutcome() -> Outcome? { shared.withLock { s in defer { s.outcome = nil }; return s.outcome } }

    /// Whether the recording still takes frames.
    package var isRecording: Bool { shared.withLock { !$0.stopped } }

    // MARK: On the encoder's thread

    private func encode(_ frame: PixelBuffer, at seconds: Double) {
        // Writers keep nothing of a frame once `add` returns: its buffer is a spare then.
        defer {
            shared.withLock { s in
                s.queuedBytes -= frame.byteCount
                if s.spares.count < Self.spareLimit { s.spares.append(frame) }
            }
        }
        guard failure == nil, !finished else { return }
        if let size = frameSize, size != (frame.width, frame.height) {
            // A resized window: what was recorded is kept, and the recording ends there.
            shared.withLock { $0.stopped = true }
            finish(at: seconds, because: "the window changed size")
            queue.finish()
            return
        }
        frameSize = (frame.width, frame.height)
        let t0 = LiveRecording.now()
        do {
            if writer == nil {
                writer = try VideoWriters.open(path, format: format, width: frame.width, height: frame.height,
                                               fps: fps, quality: nil, realTime: true, encoder: encoder)
            }
            try writer?.add(frame, at: seconds)
            encodeSeconds += LiveRecording.now() - t0
            encoded += 1
        } catch {
            fail(error.description)
        }
    }

    private func finish(at seconds: Double, because reason: String? = nil) {
        if failure != nil || finished { return }
        finished = true
        guard let writer else { fail("no frames were recorded"); return }
        let t0 = LiveRecording.now()
        do { try writer.finish(at: seconds) } catch { fail(error.description); return }
        encodeSeconds += LiveRecording.now() - t0
        let frames = writer.frameCount
        self.writer = nil
        let result = Outcome.saved(path: path, frames: frames, seconds: seconds, dropped: shared.withLock { $0.dropped },
                                   encodeMs: encoded > 0 ? encodeSeconds * 1000 / Double(encoded) : 0, stoppedBecause: reason)
        shared.withLock { $0.outcome = result }
        written.signal()
        wake()
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private func fail(_ why: String) {
        failure = why
        writer?.cancel()
        writer = nil
        shared.withLock { $0.stopped = true; $0.outcome = .failed(why) }
        queue.finish()
        written.signal()
        wake()
    }
}
