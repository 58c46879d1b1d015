/// When a still window wakes up with no event: the earliest of the things it waits for.
///
/// Each reason is in seconds from now (nil: not pending); a reason already due counts as 0.
/// The playlist's and the attract loop's steps are given in scene seconds and are stretched by
/// the clock's slowdown (`LUMEN_SLOW_ANIMATIONS`), plus a millisecond so that the step is due
/// when the window wakes rather than a hair before it. The clock's timers come in host seconds
/// already (`AnimationClock.secondsToNextDeadline`).
package struct WakeSchedule: Sendable, Equatable {
    /// The animation clock's next timer (host seconds).
    public var clockTimer: Double?
    /// The input script's next step.
    public var scriptStep: Double?
    /// `--exit-after`'s deadline.
    public var exitDeadline: Double?
    /// When the kiosk's cursor next shows or hides.
    public var cursorChange: Double?
    /// The playlist's next entry or fade step (scene seconds).
    public var playlistStep: Double?
    /// The attract loop's start or next step (scene seconds).
    public var attractStep: Double?
    /// The recording indicator's next whole second.
    public var indicatorTick: Double?
    /// When to look again whether the GPU driver has finished what it compiles on threads of
    /// its own (the GPU renderer's start-up variants).
    public var driverCheck: Double?
    /// The next duty to a fleet's tools: systemd's watchdog, the metrics file.
    public var fleetDuty: Double?
    /// When a screen woken by a touch is due off again (`--wake-for`).
    public var screenChange: Double?
    /// The clock's slowdown: scene seconds × slowdown = host seconds.
    public var slowdown = 1.0

    /// Past a scene-time step, so that it is due on waking.
    public static let sceneStepSlack = 0.001

    /// A schedule of the given deadlines (nil: none of that kind).
    public init(clockTimer: Double? = nil, scriptStep: Double? = nil, exitDeadline: Double? = nil,
                cursorChange: Double? = nil, playlistStep: Double? = nil, attractStep: Double? = nil,
                indicatorTick: Double? = nil, driverCheck: Double? = nil, fleetDuty: Double? = nil, screenChange: Double? = nil,
                slowdown: Double = 1) {
        self.clockTimer = clockTimer
        self.scriptStep = scriptStep
        self.exitDeadline = exitDeadline
        self.cursorChange = cursorChange
        self.playlistStep = playlistStep
        self.attractStep = attractStep
        self.indicatorTick = indicatorTick
        self.driverCheck = driverCheck
        self.fleetDuty = fleetDuty
        self.screenChange = screenChange
        self.slowdown = slowdown
    }

    /// Seconds to wait: the earliest reason, at least 0; nil when nothing is pending (wait for
    /// an event, however long).
    public var timeout: Double? {
        let host = [clockTimer, scriptStep, exitDeadline, cursorChange, indicatorTick, driverCheck, fleetDuty, screenChange].compactMap { $0 }.map { max($0, 0) }
        let scene = [playlistStep, attractStep].compactMap { $0 }.map { max($0, 0) * slowdown + Self.sceneStepSlack }
        return (host + scene).min()
    }
}
