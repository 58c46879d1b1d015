/// How a change moves: a timing curve over a duration, or a spring; with an optional delay,
/// speed and repeats. Value type, SwiftUI-style: `.easeInOut(duration: 0.5).delay(1)`.
public struct Animation: Hashable, Sendable {
    /// A timing curve over a duration, or a spring.
    public enum Motion: Hashable, Sendable {
        /// A curve over `duration` seconds.
        case curve(TimingCurve, duration: Double)
        /// A spring, which takes as long as it needs to settle.
        case spring(Spring)
    }
    /// How many times the motion runs.
    public enum Repeat: Hashable, Sendable {
        /// One pass.
        case once
        /// `count` passes in all.
        case count(Int, autoreverses: Bool)
        /// Passes without end, each going back the way it came when `autoreverses`.
        case forever(autoreverses: Bool)
    }

    /// The curve or spring.
    public var motion: Motion
    /// Seconds before the motion starts.
    public var delay: Double = 0
    /// Time multiplier (2 = twice as fast); values ≤ 0 are taken as 1.
    public var speed: Double = 1
    /// How many times it runs (once unless told).
    public var repeats: Repeat = .once

    /// An animation of `motion`, with no delay, at normal speed, once.
    public init(_ motion: Motion) { self.motion = motion }

    /// Default duration of curve animations, seconds.
    public static let defaultDuration = 0.35

    /// Constant speed over `duration` seconds.
    public static func linear(duration: Double = defaultDuration) -> Animation { Animation(.curve(.linear, duration: duration)) }
    /// Starting slowly, over `duration` seconds (CSS's ease-in: 0.42, 0, 1, 1).
    public static func easeIn(duration: Double = defaultDuration) -> Animation { Animation(.curve(.easeIn, duration: duration)) }
    /// Ending slowly, over `duration` seconds (CSS's ease-out: 0, 0, 0.58, 1).
    public static func easeOut(duration: Double = defaultDuration) -> Animation { Animation(.curve(.easeOut, duration: duration)) }
    /// Starting and ending slowly, over `duration` seconds (CSS's ease-in-out: 0.42, 0, 0.58, 1).
    public static func easeInOut(duration: Double = defaultDuration) -> Animation { Animation(.curve(.easeInOut, duration: duration)) }
    /// The cubic Bézier with control points (x1, y1) and (x2, y2), over `duration` seconds.
    public static func timingCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, duration: Double = defaultDuration) -> Animation {
        Animation(.curve(.bezier(x1, y1, x2, y2), duration: duration))
    }
    /// `linear(duration:)` at the default duration.
    public static var linear: Animation { .linear() }
    /// `easeIn(duration:)` at the default duration.
    public static var easeIn: Animation { .easeIn() }
    /// `easeOut(duration:)` at the default duration.
    public static var easeOut: Animation { .easeOut() }
    /// `easeInOut(duration:)` at the default duration.
    public static var easeInOut: Animation { .easeInOut() }

    /// The spring `s`.
    public static func spring(_ s: Spring) -> Animation { Animation(.spring(s)) }
    /// A spring of `response` seconds and `dampingFraction` (1: no overshoot), SwiftUI's older parameters.
    public static func spring(response: Double, dampingFraction: Double) -> Animation {
        .spring(Spring(response: response, dampingFraction: dampingFraction))
    }
    /// A spring of perceptual `duration` seconds and `bounce` (0: none, up to 1), SwiftUI's newer parameters.
    public static func spring(duration: Double, bounce: Double = 0) -> Animation { .spring(Spring(duration: duration, bounce: bounce)) }
    /// SwiftUI's `.spring` (0.5, 0.825); also `Animation.default`.
    public static var spring: Animation { .spring(.standard) }
    /// SwiftUI's `.interactiveSpring`: quick, for following a finger.
    public static var interactiveSpring: Animation { .spring(.interactive) }
    /// SwiftUI's `.smooth`: no bounce.
    public static var smooth: Animation { .spring(.smooth) }
    /// SwiftUI's `.snappy`: a little bounce.
    public static var snappy: Animation { .spring(.snappy) }
    /// SwiftUI's `.bouncy`: a clear bounce.
    public static var bouncy: Animation { .spring(.bouncy) }
    /// The animation used when none is named: the standard spring, as in SwiftUI since 2023.
    public static var `default`: Animation { .spring }

    /// The same animation starting `seconds` later (negative or not finite: 0).
    public func delay(_ seconds: Double) -> Animation { var a = self; a.delay = max(seconds.isFinite ? seconds : 0, 0); return a }
    /// The same animation `factor` times as fast (0 or less, or not finite: 1).
    public func speed(_ factor: Double) -> Animation { var a = self; a.speed = factor.isFinite && factor > 0 ? factor : 1; return a }
    /// `count` passes; with autoreverse every other pass plays backwards.
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        var a = self; a.repeats = .count(max(count, 1), autoreverses: autoreverses); return a
    }
    /// The same animation repeating without end, going back the way it came when `autoreverses`.
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
    public var finalProgress: Double {
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
