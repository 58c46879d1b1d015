/// How a change moves: a timing curve over a duration, or a spring; with an optional delay,
/// speed and repeats. Value type, SwiftUI-style: `.easeInOut(duration: 0.5).delay(1)`.
public struct Animation: Hashable, Sendable {
    public enum Motion: Hashable, Sendable {
        /// A curve over `duration` seconds.
        case curve(TimingCurve, duration: Double)
        case spring(Spring)
    }
    public enum Repeat: Hashable, Sendable {
        case once
        /// `count` passes in all.
        case count(Int, autoreverses: Bool)
        case forever(autoreverses: Bool)
    }

    public var motion: Motion
    /// Seconds before the motion starts.
    public var delay: Double = 0
    /// Time multiplier (2 = twice as fast); values ≤ 0 are taken as 1.
    public var speed: Double = 1
    public var repeats: Repeat = .once

    public init(_ motion: Motion) { self.motion = motion }

    /// Default duration of curve animations, seconds.
    public static let defaultDuration = 0.35

    public static func linear(duration: Double = defaultDuration) -> Animation { Animation(.curve(.linear, duration: duration)) }
    public static func easeIn(duration: Double = defaultDuration) -> Animation { Animation(.curve(.easeIn, duration: duration)) }
    public static func easeOut(duration: Double = defaultDuration) -> Animation { Animation(.curve(.easeOut, duration: duration)) }
    public static func easeInOut(duration: Double = defaultDuration) -> Animation { Animation(.curve(.easeInOut, duration: duration)) }
    public static func timingCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, duration: Double = defaultDuration) -> Animation {
        Animation(.curve(.bezier(x1, y1, x2, y2), duration: duration))
    }
    public static var linear: Animation { .linear() }
    public static var easeIn: Animation { .easeIn() }
    public static var easeOut: Animation { .easeOut() }
    public static var easeInOut: Animation { .easeInOut() }

    public static func spring(_ s: Spring) -> Animation { Animation(.spring(s)) }
    public static func spring(response: Double, dampingFraction: Double) -> Animation {
        .spring(Spring(response: response, dampingFraction: dampingFraction))
    }
    public static func spring(duration: Double, bounce: Double = 0) -> Animation { .spring(Spring(duration: duration, bounce: bounce)) }
    /// SwiftUI's `.spring` (0.5, 0.825); also `Animation.default`.
    public static var spring: Animation { .spring(.standard) }
    public static var interactiveSpring: Animation { .spring(.interactive) }
    public static var smooth: Animation { .spring(.smooth) }
    public static var snappy: Animation { .spring(.snappy) }
    public static var bouncy: Animation { .spring(.bouncy) }
    /// The animation used when none is named: the standard spring, as in SwiftUI since 2023.
    public static var `default`: Animation { .spring }

    public func delay(_ seconds: Double) -> Animation { var a = self; a.delay = max(seconds.isFinite ? seconds : 0, 0); return a }
    public func speed(_ factor: Double) -> Animation { var a = self; a.speed = factor.isFinite && factor > 0 ? factor : 1; return a }
    /// `count` passes; with autoreverse every other pass plays backwards.
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        var a = self; a.repeats = .count(max(count, 1), autoreverses: autoreverses); return a
    }
    public func repeatForever(autoreverses: Bool = true) -> Animation { var a = self; a.repeats = .forever(autoreverses: autoreverses); return a }

    /// Seconds of one pass (for a spring, its settling time from a unit displacement).
    public var passDuration: Double {
        switch motion {
        case .curve(_, let d): return max(d.isFinite ? d : 0, 0)
        case .spring(let s): return s.settlingTime(x0: 1, v0: 0)
        }
    }

    /// Whether this is a single spring pass: such animations keep velocity when retargeted.
    public var isSimpleSpring: Bool {
        if case .spring = motion, case .once = repeats { return true }
        return false
    }

    /// Seconds from start until the animation is logically finished (nil: never).
    public var totalDuration: Double? {
        switch repeats {
        case .once: return delay + passDuration / speed
        case .count(let n, _): return delay + Double(n) * passDuration / speed
        case .forever: return nil
        }
    }

    /// Progress 0 → 1 (a spring may overshoot) and its rate (per second) at `elapsed` seconds
    /// after the start. Before the delay, 0; after the end, the final pass's end value.
    public func progress(at elapsed: Double) -> (value: Double, rate: Double) {
        let local = (elapsed - delay) * speed
        guard local > 0 else { return (0, 0) }
        let pass = passDuration
        guard pass > 0 else { return (finalProgress, 0) }
        var index = (local / pass).rounded(.down)
        var within = local - index * pass
        switch repeats {
        case .once:
            if local >= pass { return (1, 0) }
        case .count(let n, _):
            if index >= Double(n) { return (finalProgress, 0) }
        case .forever:
            break
        }
        if index < 0 { index = 0; within = 0 }
        let reversed: Bool
        switch repeats {
        case .count(_, let auto), .forever(let auto): reversed = auto && Int(index) % 2 == 1
        case .once: reversed = false
        }
        let x = within / pass
        let (p, dp) = unitProgress(x)
        let rate = dp / pass * speed
        return reversed ? (1 - p, -rate) : (p, rate)
    }

    /// Where the last pass ends: 0 for an even count that autoreverses, else 1.
    var finalProgress: Double {
        if case .count(let n, true) = repeats, n % 2 == 0 { return 0 }
        return 1
    }

    /// Progress of one pass at fraction x (0…1) of it, and d(progress)/dx.
    public func unitProgress(_ x: Double) -> (Double, Double) {
        switch motion {
        case .curve(let c, _): return (c.value(x), c.slope(x))
        case .spring(let s):
            let pass = passDuration
            let (a, da) = s.basis(x * pass, x0: 1, v0: 0)
            return (1 - a, -da * pass)
        }
    }
}
