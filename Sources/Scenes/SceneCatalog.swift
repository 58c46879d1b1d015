/// An app on Lumen, as a value: its name, command, app id, scenes in sections, the scene it
/// opens on, whether it has a home screen and an inspector, its own resources, and which of
/// Lumen's tools it offers. The command line (`--scene`, `--help`, the man page), messages
/// and logs, the window's class and Wayland app id, the screen reader's application name, the
/// home screen, the inspector and playlists all read the catalog they are given.
///
/// ```swift
/// let app = SceneCatalog(title: "Menu Board", command: "menu-board",
///                        summary: "a café's menu on a kiosk screen",
///                        sections: [.init("Boards", [MenuScene.self, SpecialsScene.self])],
///                        hasHome: false, hasInspector: false,
///                        resources: .folder("Resources"))
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

    /// Lumen's own tools, which belong to the `lumen` command: an app offers those it names.
    public struct Tools: OptionSet, Sendable {
        /// The `curve` command: a timing curve or spring as CSV.
        public static let curveCommand = Tools(rawValue: 1)
        /// `--print-swiftui` and the inspector's Copy as SwiftUI, for scenes that have SwiftUI.
        public static let swiftUIExport = Tools(rawValue: 2)
        /// The option set's bits.
        public let rawValue: Int
        /// Tools of `rawValue`'s bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
    }

    /// The app's name, as the home screen's heading, the window title and the screen reader
    /// show it.
    public let title: String
    /// The command that runs it: `--help`, the man page, the inspector's command line, and the
    /// start of every message and log line ("photo-wall: …") use it.
    public let command: String
    /// One line on what the app is, under the home's heading and at the top of `--help`.
    public let summary: String
    /// The window's class on X11 (`WM_CLASS`) and app id on Wayland, as the app's desktop
    /// entry is named (`APPID.desktop`); the command unless given.
    public let appID: String
    /// The scenes, in the order the home screen and `--help` list them.
    public let sections: [Section]
    /// Whether the app has Lumen's home screen of scene cards (Escape and the bar's back button
    /// lead to it).
    public let hasHome: Bool
    /// Whether the inspector (the **i** key: each setting as a live control) is offered.
    public let hasInspector: Bool
    /// The scene the app opens on without `--scene`: the home screen when it has one, else the
    /// first scene, unless given.
    public let firstScene: String
    /// The app's own photos and fonts, looked up before Lumen's assets.
    public let resources: AppResources?
    /// Which of Lumen's own tools the app offers (none unless given).
    public let tools: Tools

    /// The app called `title`, run as `command`, of `sections`; `summary` says what it is in one
    /// line. `appID` defaults to the command, `firstScene` to the home screen (or the first
    /// scene without one); an unknown `firstScene` falls back to that default.
    public init(title: String, command: String, summary: String, appID: String? = nil, sections: [Section],
                firstScene: String? = nil, hasHome: Bool = true, hasInspector: Bool = true,
                resources: AppResources? = nil, tools: Tools = []) {
        self.title = title; self.command = command; self.summary = summary
        self.appID = appID ?? command
        self.sections = sections.map { Section($0.title, note: $0.note, $0.scenes.filter { $0 != HomeScene.self }) }
        self.hasHome = hasHome; self.hasInspector = hasInspector; self.resources = resources; self.tools = tools
        let listed = (hasHome ? [HomeScene.name] : []) + self.sections.flatMap { $0.scenes.map { $0.name } }
        self.firstScene = firstScene.flatMap { listed.contains($0) ? $0 : nil } ?? listed.first ?? HomeScene.name
    }

    /// Every scene, the home screen first when the app has one.
    public var all: [any Scene.Type] { (hasHome ? [HomeScene.self] : []) + sections.flatMap(\.scenes) }
    /// Every scene's name, the home screen's first.
    public var names: [String] { all.map { $0.name } }
    /// The scene called `name`, if there is one.
    public func scene(named name: String) -> (any Scene.Type)? { all.first { $0.name == name } }
    /// The scene photos dropped on the window open in when the one on screen shows none: the
    /// first that shows photos.
    package var firstPhotoScene: (any Scene.Type)? { all.first { $0.showsPhotos } }

    /// The scenes that have SwiftUI, by name.
    package var namesWithSwiftUI: [String] { all.filter { SceneCatalog.hasSwiftUI($0) }.map { $0.name } }

    /// A scene as SwiftUI for `input` (nil: it has none).
    package static func swiftUI(of type: any Scene.Type, _ input: SwiftUIInput) throws(SettingError) -> String? {
        guard let exportable = type as? any SwiftUIExportable.Type else { return nil }
        return try swiftUI(opening: exportable, input)
    }
    private static func swiftUI<S: SwiftUIExportable>(opening type: S.Type, _ input: SwiftUIInput) throws(SettingError) -> String? {
        try S.swiftUI(input)
    }

    /// Whether the scene has SwiftUI at its defaults.
    package static func hasSwiftUI(_ type: any Scene.Type) -> Bool {
        do { return try swiftUI(of: type, SwiftUIInput(settings: [:])) != nil } catch { return false }
    }

    /// Checks `--set` values against the scene's settings: an unknown name or a bad value
    /// throws the one-line reason.
    package static func validate(_ settings: [String: String], for type: any Scene.Type) throws(SettingError) {
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            guard let setting = type.declaredSettings.first(where: { $0.name == name }) else {
                let known = type.declaredSettings.map(\.name)
                throw SettingError("scene '\(type.name)' has no setting '\(name)'" + (known.isEmpty ? "" : " (settings: \(known.joined(separator: ", ")))"))
            }
            try setting.validate(value)
        }
    }
}
