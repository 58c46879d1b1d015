import Animation
import FoundationEssentials

/// A curve or spring written as text, as `lumen curve` and the `curves` scene take it:
/// `linear`, `easeIn`, `easeOut`, `easeInOut` (each with an optional `(duration=S)`),
/// `bezier(x1,y1,x2,y2[,duration=S])`, `spring(response=R,dampingFraction=Z)`,
/// `spring(duration=D,bounce=B)`, `spring`, `smooth`, `snappy`, `bouncy`, `interactiveSpring`.
package enum CurveSpec {
    /// The names, for messages and the scene's list.
    public static let presets = ["linear", "easeIn", "easeOut", "easeInOut", "bezier(0.34,1.56,0.64,1)",
                                 "spring", "smooth", "snappy", "bouncy", "interactiveSpring"]

    /// A spec's name, its plain numbers and its `key=value` numbers.
    public static func terms(_ spec: String) throws(SettingError) -> (name: String, positional: [Double], named: [String: Double]) {
        let text = spec.filter { !$0.isWhitespace }
        var name = text, args: [String] = []
        if let open = text.firstIndex(of: "(") {
            guard text.hasSuffix(")") else { throw SettingError("curve '\(spec)' is missing its closing parenthesis") }
            name = String(text[..<open])
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            args = inner.isEmpty ? [] : inner.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        var positional: [Double] = []
        var named: [String: Double] = [:]
        for a in args {
            if let eq = a.firstIndex(of: "=") {
                let key = String(a[..<eq]), raw = String(a[a.index(after: eq)...])
                guard let v = Double(raw), v.isFinite else { throw SettingError("curve '\(spec)': \(key) expects a number, got '\(raw)'") }
                named[key] = v
            } else {
                guard let v = Double(a), v.isFinite else { throw SettingError("curve '\(spec)': '\(a)' is not a number") }
                positional.append(v)
            }
        }
        return (name, positional, named)
    }

    /// The animation `spec` names (`easeInOut`, `spring(response: 0.4, dampingFraction: 0.6)`, `bezier(0.2,
    /// 0, 0, 1)`…), or why not.
    public static func parse(_ spec: String) throws(SettingError) -> Animation {
        let (name, positional, named) = try terms(spec)
        func only(_ allowed: Set<String>, positional count: Int = 0) throws(SettingError) {
            for k in named.keys.sorted() where !allowed.contains(k) {
                throw SettingError("curve '\(spec)': unknown parameter '\(k)' for \(name)")
            }
            guard positional.count == count else {
                throw SettingError(count == 0 ? "curve '\(spec)': \(name) takes only name=value parameters"
                                            : "curve '\(spec)': \(name) needs \(count) numbers (x1,y1,x2,y2)")
            }
        }
        func duration() throws(SettingError) -> Double {
            let d = named["duration"] ?? Animation.defaultDuration
            guard d > 0 else { throw SettingError("curve '\(spec)': duration must be greater than 0") }
            return d
        }
        switch name {
        case "linear", "easeIn", "easeOut", "easeInOut":
            try only(["duration"])
            let d = try duration()
            return name == "linear" ? .linear(duration: d) : name == "easeIn" ? .easeIn(duration: d)
                : name == "easeOut" ? .easeOut(duration: d) : .easeInOut(duration: d)
        case "bezier":
            try only(["duration"], positional: 4)
            return .timingCurve(positional[0], positional[1], positional[2], positional[3], duration: try duration())
        case "spring":
            if named.isEmpty && positional.isEmpty { return .spring }
            try only(["response", "dampingFraction", "duration", "bounce"])
            if let r = named["response"] {
                guard named["duration"] == nil, named["bounce"] == nil else {
                    throw SettingError("curve '\(spec)': give response and dampingFraction, or duration and bounce, not both")
                }
                guard r > 0 else { throw SettingError("curve '\(spec)': response must be greater than 0") }
                let z = named["dampingFraction"] ?? Spring.standard.dampingFraction
                guard z > 0 else { throw SettingError("curve '\(spec)': dampingFraction must be greater than 0") }
                return .spring(response: r, dampingFraction: z)
            }
            guard named["dampingFraction"] == nil else { throw SettingError("curve '\(spec)': dampingFraction goes with response") }
            let d = named["duration"] ?? 0.5, b = named["bounce"] ?? 0
            guard d > 0 else { throw SettingError("curve '\(spec)': duration must be greater than 0") }
            guard b > -1, b < 1 else { throw SettingError("curve '\(spec)': bounce must be between -1 and 1") }
            return .spring(duration: d, bounce: b)
        case "smooth", "snappy", "bouncy", "interactiveSpring":
            try only([])
            return name == "smooth" ? .smooth : name == "snappy" ? .snappy : name == "bouncy" ? .bouncy : .interactiveSpring
        default:
            throw SettingError("unknown curve '\(spec)' (expected linear, easeIn, easeOut, easeInOut, bezier(x1,y1,x2,y2), spring(…), smooth, snappy, bouncy, interactiveSpring)")
        }
    }

    /// Evenly spaced samples (t, value, velocity) from 0 to the end of one pass: the duration
    /// of a curve, the settling time of a spring. Value is progress 0 → 1 (springs overshoot);
    /// velocity is progress per second.
    public static func samples(_ animation: Animation, count: Int) -> [(t: Double, value: Double, velocity: Double)] {
        let end = animation.passDuration
        let n = max(count, 2)
        return (0..<n).map { i in
            let x = Double(i) / Double(n - 1)
            let (value, slope) = animation.unitProgress(x)
            return (end * x, value, end > 0 ? slope / end : 0)
        }
    }

    /// The CSV printed by `lumen curve`.
    public static func csv(_ animation: Animation, count: Int) -> String {
        var lines = ["t,value,velocity"]
        for s in samples(animation, count: count) {
            // + 0 turns −0 into 0, so a resting velocity prints as 0.000000.
            lines.append(String(printf: "%.6f,%.6f,%.6f", s.t + 0, s.value + 0, s.velocity + 0))
        }
        return lines.joined(separator: "\n")
    }
}
