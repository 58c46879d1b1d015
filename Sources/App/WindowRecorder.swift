import FoundationEssentials
import Recording
import Render
import Scenes
import Pixels

/// `r` or the bar's record button in the window: what is on screen recorded, frame for frame
/// as presented (each frame at the time it was shown), to an MP4 in the Videos folder
/// (`XDG_VIDEOS_DIR` in `user-dirs.dirs`), named after the scene and the time. The encoding runs on its own
/// queue (`LiveRecording`); the bar's button turns into a red stop button with the time
/// recorded and the window's title says so. A failed write (a full disk) stops it with one
/// line; the window goes on.
final class WindowRecorder {
    private var recording: LiveRecording?
    /// Host seconds of the recording's first frame (nil until it is shown).
    private var firstShown: Double?
    private var startedAt = 0.0
    private let log: (String) -> Void
    private let wake: @Sendable () -> Void
    /// The whole seconds the indicator shows.
    private var shownSeconds = -1
    /// Main-thread seconds spent copying frames, and how many.
    private var copySeconds = 0.0, copies = 0

    init(log: @escaping (String) -> Void, wake: @escaping @Sendable () -> Void) {
        self.log = log
        self.wake = wake
    }

    var isRecording: Bool { recording != nil }

    /// Starts a recording of `scene` (from the next frame on), or stops the one going.
    func toggle(scene: String, now: Double) {
        if isRecording { stop(at: now); return }
        let path = UserFolders.newFile(in: UserFolders.videos, scene: scene, extension: "mp4")
        do {
            recording = try LiveRecording(path: path, fps: 60, encoder: AppEnvironment.process.encoder, wake: wake)
            firstShown = nil
            copySeconds = 0; copies = 0
            startedAt = now
            shownSeconds = -1
            log("recording the window to \(path) (r or the bar's button stops it)")
        } catch {
            log("cannot record the window: \(error.description)")
        }
    }

    /// A frame just presented at host time `shown`: copied (`snapshot`, into a buffer the
    /// encoder is done with where there is one) and handed over.
    /// Returns whether it went into the recording.
    func capture(_ snapshot: (PixelBuffer?) -> PixelBuffer, shown: Double) -> Bool {
        guard let recording else { return false }
        let first = firstShown ?? shown
        firstShown = first
        let t0 = Stopwatch.now()
        let frame = snapshot(recording.spareBuffer())
        let taken = recording.add(frame, at: shown - first)
        copySeconds += Stopwatch.now() - t0
        copies += 1
        return taken
    }

    /// Stops: the last frame lasts until `now`. `wait`: the file is complete on return (quitting).
    func stop(at now: Double, wait: Bool = false) {
        guard let recording else { return }
        recording.stop(at: max(now - (firstShown ?? now), 0.001), wait: wait)
        if wait { report() }
    }

    /// Takes what the recording's queue finished (saved or failed) and says it; updates the
    /// bar's indicator. Returns true when the indicator changed (the bar needs drawing).
    func poll(bar: NavigationBar, now: Double) -> Bool {
        report()
        let seconds = recording.map { _ in Int(now - startedAt) } ?? -1
        guard seconds != shownSeconds else { return false }
        shownSeconds = seconds
        bar.showRecording(seconds < 0 ? nil : Double(seconds))
        return true
    }

    /// Seconds until the indicator's next whole second (nil while not recording).
    func secondsToNextTick(now: Double) -> Double? {
        guard isRecording else { return nil }
        let elapsed = now - startedAt
        return elapsed.rounded(.down) + 1 - elapsed
    }

    private func report() {
        guard let outcome = recording?.takeOutcome() else { return }
        recording = nil
        switch outcome {
        case .saved(let path, let frames, let seconds, let dropped, let encodeMs, let reason):
            var line = "recording saved to \(path): \(frames) frames, \(seconds.short) s, "
                + String(printf: "%.1f ms", encodeMs) + " to encode a frame off the main thread, "
                + String(printf: "%.2f ms", copies > 0 ? copySeconds * 1000 / Double(copies) : 0) + " to copy it on it"
            if dropped > 0 { line += "; \(dropped) frames left out (the encoder fell behind)" }
            if let reason { line += "; it stopped there: \(reason)" }
            log(line)
        case .failed(let why):
            log("recording stopped: \(why); the window goes on")
        }
    }
}
