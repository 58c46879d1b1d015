/// A colour as SwiftUI writes it: one of `Color`'s named colours (`.indigo`) or sRGB
/// components (`Color(red: 1, green: 0.5333, blue: 0)`).
package enum SwiftUIColor: Hashable, Sendable {
    case named(String)
    /// Components 0…1.
    case rgb(red: Double, green: Double, blue: Double)

    /// `Color`'s own static colours that Lumen's colour names match.
    package static let names: Set<String> = ["black", "white", "gray", "red", "orange", "yellow", "green", "mint",
                                            "teal", "cyan", "blue", "indigo", "purple", "pink", "brown"]

    /// The expression where a `Color` is expected (`.indigo` in a `[Color]` literal).
    package var code: String {
        switch self {
        case .named(let n): return "." + n
        case .rgb(let r, let g, let b):
            return "Color(red: \(SwiftLiteral.number(r)), green: \(SwiftLiteral.number(g)), blue: \(SwiftLiteral.number(b)))"
        }
    }
}
