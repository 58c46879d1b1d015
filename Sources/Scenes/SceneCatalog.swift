/// The scenes an app offers, in sections, and what the app is called: the command line
/// (`--scene`, `--help`, the man page), the home screen and playlists all read the catalog
/// they are given. The home screen is always there and comes first.
///
/// ```swift
/// let catalog = SceneCatalog(title: "Photo Wall", command: "photo-wall",
///                            summary: "a kiosk photo wall with a button bar",
///                            sections: [.init("Walls", [PhotoWallScene.self])])
/// ```
public struct SceneCatalog: Sendable {
    /// A group of scenes on the home screen, with its heading and one line under it.
    public struct Section: Sendable {
        /// The section's heading on the home screen.
        public let title: String
        /// A line under the heading (may be empty).
        public let note: String
        /// Its scenes, in order.
        public let scenes: [any Scene.Type]
        /// A section headed `title` of `scenes`.
        public init(_ title: String, note: String = "", _ scenes: [any Scene.Type]) {
            self.title = title; self.note = note; self.scenes = scenes
        }
    }

    /// The app's name, as the home screen's heading and the window title show it.
    public let title: String
    /// The command that runs it, as `--help` and the man page write it ("lumen").
    public let command: String
    /// One line on what the app is, under the home's heading and at the top of `--help`.
    public let summary: String
    /// The scenes, in the order the home screen and `--help` list them.
    public let sections: [Section]

    /// A catalog of `sections` for the app called `title`, run as `command`; `summary` says what it is in one
    /// line.
    public init(title: String, command: String, summary: String, sections: [Section]) {
        self.title = title; self.command = command; self.summary = summary
        self.sections = sections.map { Section($0.title, note: $0.note, $0.scenes.filter { $0 != HomeScene.self }) }
    }

    /// Every scene, the home screen first.
    public var all: [any Scene.Type] { [HomeScene.self] + sections.flatMap(\.scenes) }
    /// Every scene's name, the home screen's first.
    public var names: [String] { all.map { $0.name } }
    /// The scene called `name`, if there is one.
    public func scene(named name: String) -> (any Scene.Type)? { all.first { $0.name == name } }
    /// The scene photos dropped on the window open in when the one on screen shows none: the
    /// first that shows photos.
    public var firstPhotoScene: (any Scene.Type)? { all.first { $0.showsPhotos } }

    /// The scenes that have SwiftUI, by name.
    public var namesWithSwiftUI: [String] { all.filter { SceneCatalog.hasSwiftUI($0) }.map { $0.name } }

    /// A scene as SwiftUI for `input` (nil: it has none).
    public static func swiftUI(of type: any Scene.Type, _ input: SwiftUIInput) throws(SettingError) -> String? {
        guard let exportable = type as? any SwiftUIExportable.Type else { return nil }
        return try swiftUI(opening: exportable, input)
    }
    private static func swiftUI<S: SwiftUIExportable>(opening type: S.Type, _ input: SwiftUIInput) throws(SettingError) -> String? {
        try S.swiftUI(input)
    }

    /// Whether the scene has SwiftUI at its defaults.
    public static func hasSwiftUI(_ type: any Scene.Type) -> Bool {
        do { return try swiftUI(of: type, SwiftUIInput(settings: [:])) != nil } catch { return false }
    }

    /// Checks `--set` values against the scene's settings: an unknown name or a bad value
    /// throws the one-line reason.
    public static func validate(_ settings: [String: String], for type: any Scene.Type) throws(SettingError) {
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            guard let setting = type.declaredSettings.first(where: { $0.name == name }) else {
                let known = type.declaredSettings.map(\.name)
                throw SettingError("scene '\(type.name)' has no setting '\(name)'" + (known.isEmpty ? "" : " (settings: \(known.joined(separator: ", ")))"))
            }
            try setting.validate(value)
        }
    }
}
