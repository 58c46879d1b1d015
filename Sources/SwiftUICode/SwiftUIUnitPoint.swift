/// A `UnitPoint` as SwiftUI writes it: one of its nine names (`.topLeading`) or
/// `UnitPoint(x: 0.3, y: 0.7)`.
package enum SwiftUIUnitPoint: Hashable, Sendable {
    case named(String)
    case point(x: Double, y: Double)

    /// SwiftUI's nine named unit points.
    package static let names: Set<String> = ["topLeading", "top", "topTrailing", "leading", "center", "trailing",
                                            "bottomLeading", "bottom", "bottomTrailing"]

    package var code: String {
        switch self {
        case .named(let n): return "." + n
        case .point(let x, let y): return "UnitPoint(x: \(SwiftLiteral.number(x)), y: \(SwiftLiteral.number(y)))"
        }
    }
}
