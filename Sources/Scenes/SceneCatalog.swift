/// Every scene, in the order `--help` and the home screen list them: home, the seed demos,
/// then the tools.
public enum SceneCatalog {
    public static var all: [any Scene.Type] { [
        HomeScene.self,
        GalleryScene.self, SpoilerScene.self, HeroScene.self, GradientScene.self, TransitionsScene.self,
        SwatchesScene.self, CardsScene.self, ScrollLabScene.self, CurvesScene.self,
    ] }
    public static var names: [String] { all.map { $0.name } }
    public static func scene(named name: String) -> (any Scene.Type)? { all.first { $0.name == name } }

    /// A scene as SwiftUI for `input` (nil: it is Lumen's own and has none).
    public static func swiftUI(of type: any Scene.Type, _ input: SwiftUIInput) throws(SettingError) -> String? {
        try swiftUI(opening: type, input)
    }
    private static func swiftUI<S: Scene>(opening type: S.Type, _ input: SwiftUIInput) throws(SettingError) -> String? {
        try S.swiftUI(input)
    }

    /// The scenes that have SwiftUI, by name. (A closure, not `\.name`: Swift 6.3's SIL
    /// generation crashes on a key path to a static property through `any Scene.Type`.)
    public static var namesWithSwiftUI: [String] {
        all.filter { hasSwiftUI($0) }.map { $0.name }
    }

    /// Whether the scene has SwiftUI at its defaults.
    public static func hasSwiftUI(_ type: any Scene.Type) -> Bool {
        do { return try swiftUI(of: type, SwiftUIInput(settings: [:])) != nil } catch { return false }
    }

    /// Checks `--set` values against the scene's settings: an unknown name or a bad value
    /// throws the one-line reason.
    public static func validate(_ settings: [String: String], for type: any Scene.Type) throws(SettingError) {
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            guard let setting = type.settings.first(where: { $0.name == name }) else {
                let known = type.settings.map(\.name)
                throw SettingError("scene '\(type.name)' has no setting '\(name)'" + (known.isEmpty ? "" : " (settings: \(known.joined(separator: ", ")))"))
            }
            try setting.validate(value)
        }
    }
}

/// A `--set NAME=VALUE` a scene accepts: what it means and how its value is checked.
public struct SceneSetting: Sendable {
    public let name: String
    public let help: String
    /// Its value when not given, as `--set` text (nil: none).
    public let defaultText: String?
    /// How the inspector edits it.
    public let control: SettingControl
    /// Throws the one-line reason when a value is bad.
    public let validate: @Sendable (String) throws(SettingError) -> Void
    public init(name: String, help: String, defaultText: String? = nil, control: SettingControl = .text,
                validate: @escaping @Sendable (String) throws(SettingError) -> Void) {
        self.name = name; self.help = help; self.defaultText = defaultText; self.control = control; self.validate = validate
    }
}
