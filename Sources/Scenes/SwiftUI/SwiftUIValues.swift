import SwiftUICode

/// Setting text (already checked) as the SwiftUI values it stands for.
enum SwiftUIValues {
    /// `indigo,#ff8800` → `[.indigo, Color(red: 1, green: 0.5333, blue: 0)]`.
    static func colors(_ text: String) -> [SwiftUIColor] {
        text.split(separator: ",").map { $0.trimmed }.map { item in
            if SwiftUIColor.names.contains(item) { return .named(item) }
            let v = Int(item.dropFirst(), radix: 16) ?? 0
            return .rgb(red: Double(v >> 16 & 0xFF) / 255, green: Double(v >> 8 & 0xFF) / 255, blue: Double(v & 0xFF) / 255)
        }
    }

    /// `topLeading` → `.topLeading`; `0.3,0.7` → `UnitPoint(x: 0.3, y: 0.7)`.
    static func unitPoint(_ text: String) -> SwiftUIUnitPoint {
        if SwiftUIUnitPoint.names.contains(text) { return .named(text) }
        let parts = text.split(separator: ",").map { Double($0.trimmed) ?? 0 }
        return .point(x: parts.first ?? 0, y: parts.last ?? 0)
    }
}
