import Foundation
import Render

/// The repository's assets folder and its fonts, for tests of every module.
public enum TestAssets {
    /// `assets/` at the repository's root.
    public static let path: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets").path
    }()

    /// The repository's root folder.
    public static let repository: URL = URL(fileURLWithPath: path).deletingLastPathComponent()

    /// Registers the bundled fonts (Inter, Material Icons) so text measures as in the app.
    public static func registerFonts() { TextEngine.registerFonts(directory: path + "/fonts") }
}

/// Lines a component logs, collected by a test.
public final class LogBox: @unchecked Sendable {
    public var lines: [String] = []
    public init() {}
}
