/// A colour in sRGB with straight (not premultiplied) alpha, each component 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The components, 0…1: sRGB-encoded red, green and blue, and straight alpha.
    public var red: Double, green: Double, blue: Double, alpha: Double
    /// The colour with these components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// From 0…255 sRGB bytes.
    public init(r: Int, g: Int, b: Int, a: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: a)
    }
    /// A gray of the given white level 0…1.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// The same colour with alpha multiplied by `opacity` (SwiftUI's `.opacity(_:)` on a colour).
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * min(max(opacity, 0), 1))
    }

    /// SwiftUI's standard gradient of a colour (`.yellow.gradient`), top to bottom: a slightly
    /// lighter tint (a fifth of the way to white) down to the colour itself.
    public var standardGradient: [Color] {
        [Color(red: red + (1 - red) * 0.2, green: green + (1 - green) * 0.2, blue: blue + (1 - blue) * 0.2, alpha: alpha), self]
    }

    /// Perceived brightness 0…1: Rec. 709 luma weights (0.2126, 0.7152, 0.0722) on the
    /// sRGB-encoded components, alpha ignored. Enough to choose light or dark chrome.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// Premultiplied ARGB32 in one native-endian word (Cairo's CAIRO_FORMAT_ARGB32, SDL's ARGB8888).
    public var argb32: UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = min(max(alpha, 0), 1)
        return byte(a) << 24 | byte(red * a) << 16 | byte(green * a) << 8 | byte(blue * a)
    }

    /// Decodes a premultiplied ARGB32 word back to a straight-alpha colour.
    public init(argb32 p: UInt32) {
        let a = Double(p >> 24) / 255
        func c(_ shift: UInt32) -> Double { a > 0 ? min(Double((p >> shift) & 0xFF) / 255 / a, 1) : 0 }
        self.init(red: c(16), green: c(8), blue: c(0), alpha: a)
    }

    public var description: String {
        "rgba(\(Int((red * 255).rounded())), \(Int((green * 255).rounded())), \(Int((blue * 255).rounded())), \(alpha.short))"
    }

    // The system colours the components use, light appearance (Apple's published sRGB values).
    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Black.
    public static let black = Color(white: 0)
    /// White.
    public static let white = Color(white: 1)
    /// SwiftUI's `.gray` (iOS systemGray, light).
    public static let gray = Color(r: 142, g: 142, b: 147)
    /// SwiftUI's `.red` (iOS systemRed, light).
    public static let red = Color(r: 255, g: 59, b: 48)
    /// SwiftUI's `.orange`.
    public static let orange = Color(r: 255, g: 149, b: 0)
    /// SwiftUI's `.yellow`.
    public static let yellow = Color(r: 255, g: 204, b: 0)
    /// SwiftUI's `.green`.
    public static let green = Color(r: 52, g: 199, b: 89)
    /// SwiftUI's `.teal`.
    public static let teal = Color(r: 48, g: 176, b: 199)
    /// SwiftUI's `.cyan`.
    public static let cyan = Color(r: 50, g: 173, b: 230)
    /// SwiftUI's `.blue`.
    public static let blue = Color(r: 0, g: 122, b: 255)
    /// SwiftUI's `.indigo`.
    public static let indigo = Color(r: 88, g: 86, b: 214)
    /// SwiftUI's `.purple`.
    public static let purple = Color(r: 175, g: 82, b: 222)
    /// SwiftUI's `.pink`.
    public static let pink = Color(r: 255, g: 45, b: 85)
    /// SwiftUI's `.mint`.
    public static let mint = Color(r: 0, g: 199, b: 190)
    /// The background of grouped screens (iOS `systemGroupedBackground`).
    public static let groupedBackground = Color(r: 242, g: 242, b: 247)
    /// Secondary text (iOS `secondaryLabel`: 60, 60, 67 at 60 %).
    public static let secondaryLabel = Color(r: 60, g: 60, b: 67, a: 0.6)
    /// The accent for prominent buttons and focus rings.
    public static let accent = blue
}
