import Geometry
import Render

/// Where a video stands: starting (its worker opening the file), ready (its first frame
/// decoded, waiting to be shown), playing, ended (its last frame stays), or refused (why, in
/// one line).
package enum VideoState: Equatable, Sendable {
    /// Opening the file; no frame yet.
    case starting
    /// The first frame is decoded and shown by `asset`; time has not started.
    case ready
    /// Time runs; `asset` shows the frame due.
    case playing
    /// The last frame is shown and no other comes (a video played once; a cut file).
    case ended
    /// The video cannot be played: why, for the log.
    case failed(String)
}

/// One video playing, seen from the scene that shows it. The frames are decoded elsewhere (a
/// sandboxed worker) ahead of time; the scene moves time and draws `asset`. Main thread only.
package protocol VideoPlaying: AnyObject {
    /// The frame on screen, a live asset: each new frame replaces its pixels.
    var asset: ImageAsset { get }
    /// Starting, ready, playing, ended or refused.
    var state: VideoState { get }
    /// Seconds of one play of the video, when the file says.
    var length: Double? { get }
    /// Moves the video to `time` seconds after it started playing (the first call starts it):
    /// shows the frame due then, if it is decoded. Returns whether the frame on screen changed.
    func show(at time: Double) -> Bool
    /// Shows the first frame once it is decoded, without starting time (a video opened
    /// before its turn). Returns whether the frame on screen changed.
    func showFirstFrame() -> Bool
    /// Takes what there is to log once (which decoder, frames shown late), if anything.
    func takeLogLines() -> [String]
    /// Stops the video: its worker ends and its frames' memory is given back.
    func stop()
}

/// Opens videos for a kiosk's playlist (the app's worker-backed player; none in the scenes'
/// own tests of other things).
package protocol VideoOpening: Sendable {
    /// Starts opening the video at `path` for a picture of at most `size` pixels; `loops`: it
    /// starts again at its end; `sound`: its audio plays. `wake` is called from another thread
    /// when something arrives (a frame, the end, a failure).
    func open(path: String, size: Size, loops: Bool, sound: Bool, wake: (@Sendable () -> Void)?) -> any VideoPlaying
}
