/// When frames are drawn: on absolute deadlines of the display's refresh period, as a
/// compositor's vsync would pace them. The next deadline is the previous one plus the period,
/// so the grid never drifts with how long each frame took; a frame that ends past its
/// successor's deadline skips to the first grid point still ahead instead of shifting the grid.
/// Animation time is the deadline of the frame being drawn, so it advances by whole periods.
///
/// Times are host seconds (any monotonic clock); the grid is `origin + k·period`.
package struct FramePacer: Sendable, Equatable {
    /// Seconds between frames (1 / refresh rate).
    public let period: Double
    /// Where the grid starts.
    public let origin: Double
    /// The deadline of the next frame.
    public private(set) var deadline: Double

    /// A pacer for a display of `rate` frames per second (60 when unknown, not finite or ≤ 0).
    public init(rate: Double, origin: Double) {
        period = rate.isFinite && rate > 0 ? 1 / rate : 1.0 / 60
        self.origin = origin
        deadline = origin
    }

    /// The grid point at or after `t`.
    public func gridPoint(atOrAfter t: Double) -> Double {
        guard t > origin else { return origin }
        let k = ((t - origin) / period).rounded(.up)
        // Within a nanosecond of a grid point counts as on it.
        let below = origin + (k - 1) * period
        return t - below < 1e-9 ? below : origin + k * period
    }

    /// Called when a frame drawn for `deadline` has finished at `now`: the next deadline is
    /// one period later, or, when `now` is already past that (a late frame), the first grid
    /// point after `now` (the missed ones are skipped). Returns it.
    @discardableResult
    public mutating func frameFinished(at now: Double) -> Double {
        let next = deadline + period
        deadline = now < next ? next : gridPoint(atOrAfter: now)
        return deadline
    }

    /// Called before waiting for the deadline at `now`. After an idle time the deadline is a
    /// period or more in the past: the next frame then goes to the first grid point at or after
    /// `now`. A deadline passed by less than a period (the wait overshot it a little) stands:
    /// that frame is drawn at once.
    public mutating func resume(at now: Double) {
        if deadline + period <= now { deadline = gridPoint(atOrAfter: now) }
    }

    /// The animation time of the frame drawn for the current deadline (seconds since the origin).
    public var animationTime: Double { deadline - origin }
}
