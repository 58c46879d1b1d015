import CDecodeSandbox
import CVideoDecoding
import DecodeWorkers
import Geometry
import Glibc
import Imaging
import Pixels
import Render
import SystemSupport

/// One video, decoded by a sandboxed worker (`lumen --video-worker`, see `lumen_video_worker.h`)
/// into a ring of frames in shared memory, and shown at its own frame times.
///
/// A thread of the player's own talks to the worker: it sends the file, checks the worker's
/// description of it, gives it the ring, and queues each frame the worker says is ready (every
/// reply checked: a slot that exists and is the worker's to fill, times that rise). The main
/// thread shows the frame due at each display frame and gives the slot of the frame it
/// replaced back. A worker that answers wrongly, dies, or goes 5 s without a frame while it has
/// a slot to fill is ended, and the video with it: its entry, never the app.
package final class VideoPlayer: VideoPlaying, @unchecked Sendable {
    package let asset: ImageAsset
    package private(set) var state: VideoState = .starting
    /// The file's name, for the log.
    let name: String

    /// The argument that starts `lumen` as a video worker.
    package static let argument = "--video-worker"
    /// Seconds the worker has to describe the file, and to send each frame while it has a
    /// slot to fill (as a photo's decoder has to answer).
    package static let answerWithin = 5.0
    /// Frames in the ring (decoded ahead of the one on screen): 6, fewer for large pictures,
    /// so that the ring stays within `ringBytes` (a 4K frame is 33 MB) and the worker's decoder
    /// within its 300 MB beside it; 3 at least.
    static func slotCount(frameBytes: Int) -> Int { min(6, max(3, ringBytes / max(frameBytes, 1))) }
    static let ringBytes = 100 << 20

    private let shared = Locked(VideoConversation())
    private let worker: WorkerProcess?
    private let wake: (@Sendable () -> Void)?
    /// Where the sound goes (nil: muted; the worker then decodes none).
    private let output: (any SoundOutput)?
    /// Seconds of sound queued ahead of the picture (what the output buffers anyway).
    static let soundLead = 0.1
    private var shown: (slot: Int, pts: Int64)?
    private var origin: (time: Double, pts: Int64)?
    private var frames = (shown: 0, late: 0, skipped: 0)
    /// Lines for the log, from either thread.
    private let logLines = Locked<[String]>([])

    /// Opens `path` in a new worker started from `executable`, for a picture of at most
    /// `size` pixels.
    package init(path: String, executable: String, size: Size, loops: Bool, sound output: (any SoundOutput)?, wake: (@Sendable () -> Void)?) {
        name = path.split(separator: "/").last.map(String.init) ?? path
        asset = ImageAsset(liveNamed: name)
        self.wake = wake
        self.output = output
        let sound = output != nil
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            worker = nil
            shared.withLock { $0.failure = "cannot be read (\(String(cString: strerror(errno))))" }
            return
        }
        // Blocking reads from here on (a FIFO opened without waiting for its writer).
        _ = fcntl(fd, F_SETFL, 0)
        switch WorkerProcess.start(executable, argument: Self.argument) {
        case .failure(let death):
            close(fd)
            worker = nil
            shared.withLock { $0.failure = "no video worker could be started (\(death.reason))" }
        case .success(let w):
            worker = w
            let request = VideoWire.open(maxWidth: max(Int(size.width), 1), maxHeight: max(Int(size.height), 1), loops: loops, audio: sound)
            let sent = w.send(request, fds: [fd])
            close(fd)
            guard sent else { shared.withLock { $0.failure = "the video worker could not be given the file" }; return }
            DetachedThread.start { [self] in self.serve(w, maxSize: size) }
        }
    }

    deinit { stop() }

    package var length: Double? {
        shared.withLock { s in s.info.flatMap { $0.durationMicroseconds > 0 ? Double($0.durationMicroseconds) / 1e6 : nil } }
    }

    /// Frames per second, when the file says.
    package var framesPerSecond: Double? { shared.withLock { $0.info?.framesPerSecond } }

    package func takeLogLines() -> [String] {
        logLines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }

    private func note(_ line: String) { logLines.withLock { $0.append(line) } }

    package func stop() {
        let already = shared.withLock { s -> Bool in
            defer { s.stopped = true }
            return s.stopped
        }
        guard !already else { return }
        if let worker { kill(worker.pid, SIGKILL) }
        if origin != nil { output?.clear() }
        if frames.shown > 0 {
            note("video \(name): \(frames.shown) frames shown, \(frames.late) late, \(frames.skipped) skipped")
        }
    }

    // MARK: The main thread

    package func show(at time: Double) -> Bool { advance(to: time) }

    package func showFirstFrame() -> Bool { shown == nil ? advance(to: nil) : false }

    private func advance(to time: Double?) -> Bool {
        if case .failed = state { return false }
        let (taken, skipped, failure, ended) = shared.withLock { s -> ((slot: Int, pts: Int64)?, [Int], String?, (Bool, String)?) in
            if let f = s.failure { return (nil, [], f, nil) }
            guard let info = s.info, s.ring != nil, info.width > 0 else { return (nil, [], nil, nil) }
            if shown == nil { return (s.queue.isEmpty ? nil : s.queue.removeFirst(), [], nil, nil) }
            guard let time, let origin else { return (nil, [], nil, s.queue.isEmpty ? s.end : nil) }
            let due = origin.pts + Int64(((time - origin.time) * 1e6).rounded())
            var pick: (slot: Int, pts: Int64)?, passed: [Int] = []
            while let next = s.queue.first, next.pts <= due {
                if let p = pick { passed.append(p.slot) }
                pick = s.queue.removeFirst()
            }
            return (pick, passed, nil, pick == nil && s.queue.isEmpty ? s.end : nil)
        }
        if let failure {
            state = .failed(failure)
            stop()
            return false
        }
        skipped.forEach(release)
        frames.skipped += skipped.count
        if let time, origin == nil, let first = shown ?? taken {
            origin = (time, first.pts)
            state = .playing
        }
        if let (broken, message) = ended, state != .ended {
            state = .ended
            if broken { note("video \(name): \(message)") }
        }
        if let time, let origin { queueSound(until: origin.pts + Int64(((time - origin.time + Self.soundLead) * 1e6).rounded())) }
        guard let frame = taken else { return false }
        display(frame)
        if let time, let origin {
            let lateBy = (time - origin.time) - Double(frame.pts - origin.pts) / 1e6
            if lateBy > Self.lateness { frames.late += 1 }
        }
        if state == .starting { state = .ready }
        return true
    }

    /// Hands the output the sound due before `pts` (µs, the video's time).
    private func queueSound(until pts: Int64) {
        guard let output else { return }
        let due = shared.withLock { s -> [[UInt8]] in
            let n = s.sound.prefix { $0.pts <= pts }.count
            defer { s.sound.removeFirst(n) }
            return s.sound.prefix(n).map(\.bytes)
        }
        due.forEach(output.queue)
    }

    /// A frame shown more than this after its time (one 60-Hz display frame and a
    /// millisecond) was late.
    static let lateness = 1.0 / 60 + 0.001

    private func display(_ frame: (slot: Int, pts: Int64)) {
        guard let (ring, info) = shared.withLock({ s in s.ring.flatMap { r in s.info.map { (r, $0) } } }) else { return }
        let pixels = PixelBuffer(adopting: ring.slots[frame.slot].assumingMemoryBound(to: UInt32.self), width: info.width,
                                 height: info.height, stride: info.width) { _ in _ = ring }
        asset.showFrame(pixels)
        if let old = shown { release(old.slot) }
        shown = frame
        frames.shown += 1
    }

    /// Gives slot `slot` back to the worker.
    private func release(_ slot: Int) {
        shared.withLock { s in
            s.held.remove(slot)
            guard !s.closed, let worker else { return }
            _ = worker.send(VideoWire.release(slot: slot), fds: [])
        }
    }

    // MARK: The player's thread

    /// Talks to the worker until the video ends, fails or is stopped.
    private func serve(_ w: WorkerProcess, maxSize: Size) {
        let failure = converse(w, maxSize: maxSize)
        shared.withLock { s in
            if let why = failure, s.failure == nil, !s.stopped { s.failure = why }
            s.closed = true
        }
        w.end()
        wake?()
    }

    /// Why the conversation ended badly, or nil (stopped, or the worker's own refusal taken).
    private func converse(_ w: WorkerProcess, maxSize: Size) -> String? {
        while true {
            let limit = shared.withLock { s -> Double in
                s.info == nil || (s.end == nil && s.held.count < (s.ring?.slots.count ?? 0)) ? Self.answerWithin : 3600
            }
            let message: ([UInt8], [Int32])
            switch w.receive(within: limit, capacity: Int(LUMEN_VIDEO_MAX_MESSAGE)) {
            case .failure(.timedOut(let s)):
                return "the video worker sent nothing in \(Int(s)) s (a file that never ends, or a stalled stream)"
            case .failure(let death):
                return shared.withLock { $0.stopped } ? nil : Self.describe(death)
            case .success(let m): message = m
            }
            message.1.forEach { close($0) }
            switch VideoWire.reply(message.0, descriptors: message.1.count) {
            case .failure(let refusal): return "the video worker's answer was refused: \(refusal.reason)"
            case .success(let reply):
                if let why = take(reply, w, maxSize: maxSize) { return why }
                if case .failure = reply { return nil }
            }
            wake?()
        }
    }

    /// Takes one checked reply in; the reason it breaks the protocol, if it does.
    private func take(_ reply: VideoWire.Reply, _ w: WorkerProcess, maxSize: Size) -> String? {
        let taken = shared.withLock { $0.take(reply, maxWidth: Int(maxSize.width), maxHeight: Int(maxSize.height), soundWanted: output != nil) }
        switch taken {
        case .failure(let refusal): return "the video worker's answer was refused: \(refusal.reason)"
        case .success(nil): return nil
        case .success(let (info, count)?):
            guard let ring = FrameRing(count: count, bytes: info.width * info.height * 4) else {
                return "no memory for \(count) frames of \(info.width)×\(info.height)"
            }
            shared.withLock { $0.ring = ring }
            note("video \(name): \(info.codec) \(info.sourceWidth)×\(info.sourceHeight)"
                            + (info.framesPerSecond.map { " at \(Self.rate($0)) fps" } ?? "") + ", \(info.decoder)")
            for first in stride(from: 0, to: count, by: Int(LUMEN_SANDBOX_MAX_FDS)) {
                let fds = Array(ring.descriptors[first..<min(first + Int(LUMEN_SANDBOX_MAX_FDS), count)])
                guard w.send(VideoWire.ring(firstSlot: first, count: fds.count), fds: fds) else { return "the video worker could not be given its frames' memory" }
            }
            ring.closeDescriptors()
            return nil
        }
    }

    static func describe(_ death: WorkerDeath) -> String {
        switch death {
        case .signal(SIGSYS), .forbiddenCall: return "the video worker broke its sandbox and was stopped"
        case .signal(SIGXCPU): return "the video worker used more CPU time than it may"
        case .signal(let n): return "the video worker crashed (signal \(n))"
        case .exited(let status): return "the video worker ended (status \(status))"
        default: return death.reason
        }
    }

    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(Double(Int(fps * 100)) / 100)
    }
}
