import Geometry
import Render

/// Parsing of `--set NAME=VALUE` values, each failure one line naming the setting.
package enum SettingValues {
    /// `raw` as a number, within `range` when given, or an error naming the setting.
    public static func number(_ name: String, _ raw: String, range: ClosedRange<Double>? = nil) throws(SettingError) -> Double {
        guard let v = Double(raw), v.isFinite else { throw SettingError("\(name) expects a number, got '\(raw)'") }
        if let r = range, !r.contains(v) {
            throw SettingError("\(name) must be between \(r.lowerBound.short) and \(r.upperBound.short), got '\(raw)'")
        }
        return v
    }

    /// `raw` as a whole number within `range`, or an error naming the setting.
    public static func integer(_ name: String, _ raw: String, range: ClosedRange<Int>) throws(SettingError) -> Int {
        guard let v = Int(raw), range.contains(v) else {
            throw SettingError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(raw)'")
        }
        return v
    }

    /// The unit points by the names SwiftUI gives them.
    public static let unitPoints: [String: UnitPoint] = [
        "topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing, "leading": .leading, "center": .center,
        "trailing": .trailing, "bottomLeading": .bottomLeading, "bottom": .bottom, "bottomTrailing": .bottomTrailing,
    ]

    /// The unit point names in reading order, for pickers.
    public static let unitPointNames = ["topLeading", "top", "topTrailing", "leading", "center", "trailing",
                                 "bottomLeading", "bottom", "bottomTrailing"]

    /// A named unit point (topLeading, center, …) or "x,y".
    public static func unitPoint(_ name: String, _ raw: String) throws(SettingError) -> UnitPoint {
        if let p = unitPoints[raw] { return p }
        let parts = raw.split(separator: ",").map { Double($0.trimmed) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            throw SettingError("\(name) expects a unit point (\(unitPoints.keys.sorted().joined(separator: ", ")) or x,y), got '\(raw)'")
        }
        return UnitPoint(x: x, y: y)
    }

    /// The colours by the names SwiftUI gives them.
    public static let colors: [String: Color] = [
        "black": .black, "white": .white, "gray": .gray, "red": .red, "orange": .orange, "yellow": .yellow, "green": .green,
        "teal": .teal, "cyan": .cyan, "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink,
    ]

    /// Comma-separated colour names or #rrggbb.
    public static func colorList(_ name: String, _ raw: String) throws(SettingError) -> [Color] {
        var out: [Color] = []
        for item in raw.split(separator: ",").map({ $0.trimmed }) {
            if let c = colors[item] { out.append(c); continue }
            if item.hasPrefix("#"), item.count == 7, let v = Int(item.dropFirst(), radix: 16) {
                out.append(Color(r: v >> 16 & 0xFF, g: v >> 8 & 0xFF, b: v & 0xFF)); continue
            }
            throw SettingError("\(name) expects colours (\(colors.keys.sorted().joined(separator: ", ")) or #rrggbb), got '\(item)'")
        }
        guard !out.isEmpty else { throw SettingError("\(name) needs at least one colour") }
        return out
    }
}
