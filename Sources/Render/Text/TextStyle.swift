/// Font weights, in OpenType weight classes.
public enum FontWeight: Int, Sendable, Hashable {
    /// Weight class 400.
    case regular = 400
    /// Weight class 500.
    case medium = 500
    /// Weight class 600.
    case semibold = 600
    /// Weight class 700.
    case bold = 700
}

/// A font: family, size in points and weight.
public struct Font: Sendable, Hashable {
    /// The fontconfig family name ("Inter").
    public var family: String
    /// The size in points.
    public var size: Double
    /// The weight.
    public var weight: FontWeight
    /// A font of `family` at `size` points and `weight`.
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
    /// Large Title: 34 pt, regular.
    case largeTitle
    /// Title 1: 28 pt, regular.
    case title
    /// Title 2: 22 pt, regular.
    case title2
    /// Title 3: 20 pt, regular.
    case title3
    /// Headline: 17 pt, semibold.
    case headline
    /// Body: 17 pt, regular.
    case body
    /// Callout: 16 pt, regular.
    case callout
    /// Subheadline: 15 pt, regular.
    case subheadline
    /// Footnote: 13 pt, regular.
    case footnote
    /// Caption 1: 12 pt, regular.
    case caption
    /// The style's size in points at the default Dynamic Type size.
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
    /// The style's own weight: semibold for the headline, regular for the others.
    public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }
}

/// Glyphs of the bundled Material Icons font, named for what the components use them for.
/// Codepoints from the font's own codepoint table.
public enum Icon: UInt32, Sendable, CaseIterable {
    /// Material Icons' emoji_events (SF Symbols trophy.fill).
    case trophy = 0xEA23
    /// Material Icons' visibility (eye.fill).
    case eye = 0xE8F4
    /// Material Icons' visibility_off (eye.slash.fill).
    case eyeSlash = 0xE8F5
    /// Material Icons' photo.
    case photo = 0xE410
    /// Material Icons' broken_image.
    case brokenImage = 0xE3AD
    /// Material Icons' hourglass_empty.
    case hourglass = 0xE88B
    /// Material Icons' star.
    case star = 0xE838
    /// Material Icons' favorite.
    case heart = 0xE87D
    /// Material Icons' check.
    case check = 0xE5CA
    /// Material Icons' palette.
    case palette = 0xE40A
    /// Material Icons' wb_sunny (sun.max.fill).
    case sun = 0xE430
    /// Material Icons' pets.
    case pets = 0xE91D
    /// Material Icons' mountain.2.fill.
    case landscape = 0xE3F7
    /// Material Icons' arrow_back (chevron.backward).
    case arrowBack = 0xE5C4
    /// Material Icons' arrow_forward (chevron.forward).
    case arrowForward = 0xE5C8
    /// Material Icons' help (questionmark.circle.fill).
    case help = 0xE887
    /// Material Icons' close (xmark).
    case close = 0xE5CD
    /// Material Icons' keyboard.
    case keyboard = 0xE312
    /// Material Icons' tune (slider.horizontal.3).
    case tune = 0xE429
    /// Material Icons' park (tree.fill).
    case park = 0xEA63
    /// Material Icons' waves (water.waves).
    case waves = 0xE176
    /// Material Icons' sailing (sailboat.fill).
    case sailing = 0xE502
    /// Material Icons' local_florist (camera.macro).
    case florist = 0xE545
    /// Material Icons' wb_twilight (sun.horizon.fill).
    case twilight = 0xE1C6
    /// Material Icons' eco (leaf.fill).
    case eco = 0xEA35
    /// Material Icons' speed (gauge).
    case speed = 0xE9E4
    /// Material Icons' fiber_manual_record (record.circle).
    case record = 0xE061
    /// Material Icons' stop (stop.fill).
    case stop = 0xE047
    /// The glyph as a one-character string.
    public var text: String { String(Character(Unicode.Scalar(rawValue) ?? "?")) }
}
