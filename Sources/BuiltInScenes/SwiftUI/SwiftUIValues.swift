import Geometry
import Scenes
import SwiftUICode

/// Settings' typed values (as their own parsers give them) as SwiftUI writes them: by name
/// where Lumen's name is SwiftUI's too, else by components.
enum SwiftUIValues {
    /// `.indigo`, or `Color(red: 1, green: 0.5333, blue: 0)` for `#ff8800`.
    static func colors(_ colors: [Color]) -> [SwiftUIColor] {
        colors.map { c in
            if let name = SettingValues.colors.first(where: { $0.value == c && SwiftUIColor.names.contains($0.key) })?.key { return .named(name) }
            return .rgb(red: c.red, green: c.green, blue: c.blue)
        }
    }

    /// `.topLeading`, or `UnitPoint(x: 0.3, y: 0.7)`.
    static func unitPoint(_ p: UnitPoint) -> SwiftUIUnitPoint {
        if let name = SettingValues.unitPoints.first(where: { $0.value == p })?.key { return .named(name) }
        return .point(x: p.x, y: p.y)
    }
}
