/// A `--set NAME=VALUE` a scene accepts: what it means and how its value is checked.
public struct SceneSetting: Sendable {
    /// The name `--set` takes.
    public let name: String
    /// What it sets, for `--help`, the man page and the inspector.
    public let help: String
    /// Its value when not given, as `--set` text (nil: none).
    public let defaultText: String?
    /// How the inspector edits it.
    public let control: SettingControl
    /// Throws the one-line reason when a value is bad.
    public let validate: @Sendable (String) throws(SettingError) -> Void
    /// A setting `name` with its help, default, inspector control and check.
    public init(name: String, help: String, defaultText: String? = nil, control: SettingControl = .text,
                validate: @escaping @Sendable (String) throws(SettingError) -> Void) {
        self.name = name; self.help = help; self.defaultText = defaultText; self.control = control; self.validate = validate
    }
}
