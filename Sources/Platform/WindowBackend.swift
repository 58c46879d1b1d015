import Geometry
import Input
import Pixels
import Render

/// What a window loop needs of a platform's window (Slint's `WindowAdapter`, egui's
/// integration): its size and density, a presenter that shows frames, events translated into
/// points and clock time, a wake-up other threads can post, and the few services a desktop
/// window offers (title, clipboard, cursor, where it is on screen).
///
/// `PlatformWindow` is SDL's, for X11, Wayland and KMS; a test's fake serves scripted events
/// into a presenter in memory, so the loop runs with no display at all.
package protocol WindowBackend: AnyObject {
    /// Device pixels per point.
    var scale: Double { get }
    /// The window's size in points, as the scene lays out in it (turned when the display is).
    var pointSize: Size { get }
    /// The display's refresh rate in Hz: the frame grid the loop paces to.
    var refreshRate: Double { get }
    /// Where frames are drawn and shown.
    var presenter: any Presenter { get }
    /// Whether presenting waits for the display's vertical blank itself (else the loop waits).
    var presentWaitsForVsync: Bool { get }
    /// Why the last present failed (a GPU context lost), or nil.
    var presentFailure: String? { get }
    /// Why the display went away for good (the compositor quit, the last output was
    /// unplugged), or nil while it is there.
    var displayLost: String? { get }
    /// Whether the pointer's cursor shows over the window (a kiosk hides it).
    var isCursorVisible: Bool { get set }
    /// The window's frame on the screen, in the window system's screen coordinates, for a
    /// screen reader.
    var screenFrame: Rect { get }
    /// A call any thread may make to end the window's wait for events now (`WindowEvent.wake`).
    var wake: @Sendable () -> Void { get }

    /// Shows `title` in the window's title bar.
    func setTitle(_ title: String)
    /// Puts `text` on the desktop's clipboard.
    func setClipboard(_ text: String)
    /// A rectangle of the scene (points, as laid out) on the screen, in the window system's
    /// screen coordinates.
    func screenRect(ofScenePoints rect: Rect) -> Rect
    /// Makes now the zero of the times scripted input is played at.
    func resetTimebase()
    /// Queues a script's command, to come back from `nextEvents` as the events a person's
    /// input would make, `time` seconds after the timebase.
    func play(_ command: InputScript.Command, at time: Double)
    /// The events that came, waiting up to `timeout` seconds for the first (nil: until one
    /// comes); `clockTime` turns a host time (seconds) into the animation clock's time.
    func nextEvents(timeout: Double?, clockTime: @escaping (Double) -> Double) -> [WindowEvent]
    /// The pixels now on screen.
    func snapshot() -> PixelBuffer
    /// The pixels now on screen, into `reuse` when it is the right size.
    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer
    /// Gives up the GPU context and shows frames drawn on the CPU from now on.
    func fallBackToCPU() throws
    /// Makes the window a new GPU context after its last was lost; throws (and shows frames
    /// drawn on the CPU) when none comes up.
    func renewGPUContext() throws
    /// Switches the display the window is on off for power saving (`on` false), or on again.
    func setDisplayPower(on: Bool) -> DisplayPowerChange
    /// The display the window belongs on, by name, where the window system names displays.
    var homeDisplay: String? { get }
    /// Whether the window is closed for now, waiting for its display to come back.
    var isDetached: Bool { get }
    /// Maps the window system's touchscreens onto the window's output, turned as it is; what
    /// was done, in words, when that changed (X11: `PlatformWindow.mapTouchscreens`).
    func mapTouchscreens() -> String?
}

/// What switching a display's power did, with the means or the reason in words.
package enum DisplayPowerChange: Equatable, Sendable {
    /// Done, by this means ("DPMS").
    case switched(String)
    /// This window system or server cannot, for this reason.
    case unsupported(String)
    /// It could but refused, for this reason.
    case refused(String)
}

extension WindowBackend {
    package var homeDisplay: String? { nil }
    package var isDetached: Bool { false }
    package func mapTouchscreens() -> String? { nil }
    /// A window with no GPU context (a test's fake) has none to make again.
    package func renewGPUContext() throws { throw SDLError("no GPU context to make again", because: "this window has none") }
    /// A window with no display (a test's fake) has nothing to switch.
    package func setDisplayPower(on: Bool) -> DisplayPowerChange { .unsupported("this window has no display to switch off") }
}
