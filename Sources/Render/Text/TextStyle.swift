/// Font weights, in OpenType weight classes.
public enum FontWeight: Int, Sendable, Hashable {
    case regular = 400, medium = 500, semibold = 600, bold = 700
}

/// A font: family, size in points and weight.
public struct Font: Sendable, Hashable {
    public var family: String
    public var size: Double
    public var weight: FontWeight
    public init(family: String = Font.textFamily, size: Double, weight: FontWeight = .regular) {
        self.family = family; self.size = size; self.weight = weight
    }
    /// Lumen's text face (bundled in assets/fonts).
    public static let textFamily = "Inter"
    /// The rounded face (bundled Nunito): SwiftUI's `.rounded` design (SF Pro Rounded).
    public static let roundedFamily = "Nunito"
    /// The icon face: Material Icons, glyphs addressed by codepoint (see `Icon`).
    public static let iconFamily = "Material Icons"

    /// The font of a text style at its default weight.
    public static func style(_ s: TextStyle, weight: FontWeight? = nil) -> Font {
        Font(size: s.pointSize, weight: weight ?? s.defaultWeight)
    }
    /// A text style in the rounded design (`.font(.largeTitle.bold()).fontDesign(.rounded)`).
    public static func rounded(_ s: TextStyle, weight: FontWeight? = nil) -> Font {
        Font(family: roundedFamily, size: s.pointSize, weight: weight ?? s.defaultWeight)
    }
    /// The icon font at `size` points.
    public static func icons(size: Double) -> Font { Font(family: iconFamily, size: size) }
}

/// Dynamic Type text styles at their default ("Large") sizes in points: Apple's Human
/// Interface Guidelines, Typography, "Dynamic Type sizes" table for iOS.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption
    public var pointSize: Double {
        switch self {
        case .largeTitle: 34
        case .title: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption: 12
        }
    }
    public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }
}

/// Glyphs of the bundled Material Icons font, named for what the components use them for.
/// Codepoints from the font's own codepoint table.
public enum Icon: UInt32, Sendable, CaseIterable {
    case trophy = 0xEA23          // emoji_events (SF Symbols trophy.fill)
    case eye = 0xE8F4             // visibility (eye.fill)
    case eyeSlash = 0xE8F5        // visibility_off (eye.slash.fill)
    case photo = 0xE410           // photo
    case brokenImage = 0xE3AD     // broken_image
    case hourglass = 0xE88B       // hourglass_empty
    case star = 0xE838
    case heart = 0xE87D           // favorite
    case check = 0xE5CA
    case palette = 0xE40A
    case sun = 0xE430             // wb_sunny (sun.max.fill)
    case pets = 0xE91D
    case landscape = 0xE3F7       // mountain.2.fill
    case arrowBack = 0xE5C4       // arrow_back (chevron.backward)
    case help = 0xE887            // help (questionmark.circle.fill)
    case close = 0xE5CD           // close (xmark)
    case keyboard = 0xE312        // keyboard
    case tune = 0xE429            // tune (slider.horizontal.3)
    case park = 0xEA63            // park (tree.fill)
    case waves = 0xE176           // waves (water.waves)
    case sailing = 0xE502         // sailing (sailboat.fill)
    case florist = 0xE545         // local_florist (camera.macro)
    case twilight = 0xE1C6        // wb_twilight (sun.horizon.fill)
    case eco = 0xEA35             // eco (leaf.fill)
    case speed = 0xE9E4           // speed (gauge)
    case record = 0xE061          // fiber_manual_record (record.circle)
    case stop = 0xE047            // stop (stop.fill)
    /// The glyph as a one-character string.
    public var text: String { String(Character(Unicode.Scalar(rawValue) ?? "?")) }
}
