import Geometry

/// The arguments an option reads its values from, and the checks every option shares, each
/// failing with one line that names the flag and what it expects.
struct ArgumentReader {
    private(set) var rest: ArraySlice<String>

    init(_ arguments: ArraySlice<String>) { rest = arguments }

    /// The next argument, taken.
    mutating func next() -> String? { rest.popFirst() }

    /// The next argument, not taken.
    var peek: String? { rest.first }

    /// The option's value: the next argument, which must not be empty.
    mutating func value(_ flag: String) throws(UsageError) -> String {
        guard let v = rest.popFirst(), !v.isEmpty else { throw UsageError("\(flag) needs a value") }
        return v
    }

    /// A finite number, optionally greater than 0 or at least `min`.
    mutating func number(_ flag: String, min: Double? = nil, positive: Bool = false) throws(UsageError) -> Double {
        let raw = try value(flag)
        guard let v = Double(raw), v.isFinite else { throw UsageError("\(flag) expects a number, got '\(raw)'") }
        if positive && !(v > 0) { throw UsageError("\(flag) must be greater than 0, got '\(raw)'") }
        if let m = min, v < m { throw UsageError("\(flag) must be at least \(m.short), got '\(raw)'") }
        return v
    }

    /// A length of time written as seconds (`90`, `90s`), minutes (`5m`) or hours (`1h`), more
    /// than 0 and at most a day, in seconds.
    mutating func duration(_ flag: String) throws(UsageError) -> Double {
        let raw = try value(flag)
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        let unit = raw.last.flatMap { units[$0] }
        guard let n = Double(unit == nil ? raw : String(raw.dropLast())), n.isFinite, n > 0, n * (unit ?? 1) <= 86_400 else {
            throw UsageError("\(flag) expects a length of time such as 90s, 5m or 1h (at most 24h), got '\(raw)'")
        }
        return n * (unit ?? 1)
    }

    /// A whole number from `min` to `max`; `expects` says what in the error ("a whole number
    /// from 1 to 64").
    mutating func whole(_ flag: String, min: Int, max: Int, expects: String) throws(UsageError) -> Int {
        let n = try number(flag, min: Double(min))
        guard n == n.rounded(), n <= Double(max) else { throw UsageError("\(flag) expects \(expects), got '\(n.short)'") }
        return Int(n)
    }

    /// The arguments that follow while `accept` says yes (an option's list of paths).
    mutating func list(while accept: (String) -> Bool) -> [String] {
        var taken: [String] = []
        while let next = rest.first, accept(next) {
            taken.append(next)
            rest = rest.dropFirst()
        }
        return taken
    }
}
