/// The clock of a widget tree: the host advances it once per frame to the frame's target
/// time, tests advance it by hand. Tickers are stepped by `tick()`; timers fire at their time;
/// `nextDeadline` tells the host when it must wake.
///
/// The clock is monotonic: advancing to an earlier time is ignored.
public final class AnimationClock {
    /// Something that moves with the clock: called each tick with the current time; returns
    /// false once it has finished, and is then dropped.
    public typealias Ticker = (Double) -> Bool

    /// Seconds since the clock started, as of the current frame.
    public private(set) var now: Double
    /// How many times slower animations run (LUMEN_SLOW_ANIMATIONS, the inspector); 1 = real
    /// time. A change applies from the next advance on.
    public var slowdown: Double { didSet { if !(slowdown.isFinite && slowdown > 0) { slowdown = 1 } } }
    private var lastExternal: Double
    private var tickers: [Ticker] = []
    private var timers: [(time: Double, id: Int, action: () -> Void)] = []
    private var nextTimerID = 0

    /// A clock reading `start` seconds, running `slowdown` times slower than the time it is
    /// given.
    ///
    /// - Parameters:
    ///   - start: the initial reading in seconds.
    ///   - slowdown: divides elapsed time; values ≤ 0 or not finite mean 1.
    public init(start: Double = 0, slowdown: Double = 1) {
        now = start
        lastExternal = start
        self.slowdown = slowdown.isFinite && slowdown > 0 ? slowdown : 1
    }

    /// Advances to `time` (seconds on the host's monotonic clock). Elapsed time is divided by
    /// the slowdown. Earlier times are ignored.
    public func advance(to time: Double) {
        guard time.isFinite, time > lastExternal else { return }
        now += (time - lastExternal) / slowdown
        lastExternal = time
    }

    /// The clock reading that host time `t` (seconds, same base as `advance(to:)`) maps to,
    /// for stamping input events between frames.
    public func time(atHost t: Double) -> Double { now + (t - lastExternal) / slowdown }

    /// Advances by `seconds` of host time.
    public func advance(by seconds: Double) { advance(to: lastExternal + max(seconds, 0)) }

    /// Whether some animation is running (the host should draw every frame).
    public var isAnimating: Bool { !tickers.isEmpty }

    /// Adds a ticker; it runs from the next `tick()`.
    public func add(_ ticker: @escaping Ticker) { tickers.append(ticker) }

    /// Runs `action` at the first tick at or after `time` (clock seconds). Returns an id for `cancel`.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> Int {
        nextTimerID += 1
        timers.append((time, nextTimerID, action))
        return nextTimerID
    }

    /// Cancels the timer `id` (from `schedule`); nothing if it already fired.
    public func cancel(_ id: Int) { timers.removeAll { $0.id == id } }

    /// Drops every ticker and timer (the screen they belonged to is gone); time goes on.
    public func removeAll() {
        tickers.removeAll()
        timers.removeAll()
        epoch += 1
    }

    /// How many times `removeAll` ran: something that outlives a screen (the app's inspector, a
    /// list in it) and keeps a ticker here checks the epoch it added it in, since a ticker
    /// added before the last `removeAll` no longer runs.
    public private(set) var epoch = 0

    /// Fires due timers, then steps every ticker at `now`, dropping finished ones.
    public func tick() {
        let due = timers.filter { $0.time <= now }.sorted { $0.time < $1.time }
        timers.removeAll { $0.time <= now }
        for t in due { t.action() }
        let current = tickers
        tickers.removeAll()
        let stillRunning = current.filter { $0(now) }
        tickers = stillRunning + tickers
    }

    /// When the host must next wake, in clock seconds: now while animating (draw the next
    /// frame), else the earliest timer, else nil (sleep until input).
    public var nextDeadline: Double? {
        if isAnimating { return now }
        return timers.map(\.time).min()
    }

    /// Host seconds from now until `nextDeadline` (nil: none), undoing the slowdown.
    public var secondsToNextDeadline: Double? { nextDeadline.map { max($0 - now, 0) * slowdown } }
}
