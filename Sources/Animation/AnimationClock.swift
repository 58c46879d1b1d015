/// Animation: time for everything that moves. Nothing in Lumen below the App reads a wall
/// clock; the host advances this clock once per frame to the frame's target time, and tests
/// advance it by hand.
///
/// The clock is monotonic: advancing to an earlier time is ignored.
public final class AnimationClock {
    /// Seconds since the clock started, as of the current frame.
    public private(set) var now: Double
    /// How many times slower animations run (LUMEN_SLOW_ANIMATIONS); 1 = real time.
    public let slowdown: Double
    private var lastExternal: Double

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

    /// Advances by `seconds` of host time.
    public func advance(by seconds: Double) { advance(to: lastExternal + max(seconds, 0)) }
}
