/// Swift source text for values: what a generated snippet writes where the component's API takes a
/// number, a string, a colour or a unit point.
package enum SwiftLiteral {
    /// A number as a Swift literal: whole numbers without a point (`24`, which a `CGFloat` or
    /// `Double` parameter takes as it is), others to four decimals (`1.3333`, `0.4`).
    package static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let rounded = (v * 10_000).rounded() / 10_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return "\(Int(rounded))" }
        return "\(rounded)"
    }

    /// A string literal: quotes, backslashes and control characters escaped, so no text can
    /// end the literal or start an interpolation.
    package static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A string literal made into an interpolation of a variable: `"\(name)"`, the form a
    /// `LocalizedStringResource` parameter takes from a `String` (as the components write it).
    package static func interpolated(_ variable: String) -> String { "\"\\(\(variable))\"" }

    /// An array literal of `items`, on one line.
    package static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// Whether two numbers are the same setting: within half a thousandth, since settings are
    /// written to three decimals (`1.333` is the component's `4.0 / 3.0`).
    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.0005 }
}
