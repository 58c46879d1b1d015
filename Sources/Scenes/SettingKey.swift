import Geometry
import Render

/// One `--set NAME=VALUE` a scene accepts, with the parser that both checks the command line
/// and gives the scene its typed value, its default, and the control the inspector shows for
/// it, so name, range, default and message are written once.
public struct SettingKey<Value>: Sendable {
    /// The name `--set` takes.
    public let name: String
    /// What it sets.
    public let help: String
    /// Checks a value's text and gives the typed value, or why not.
    public let parse: @Sendable (String) throws(SettingError) -> Value
    /// The value when the setting is not given, as text (`--set` form); nil: none (the scene
    /// then does without, e.g. an unpinned animation).
    public let defaultText: String?
    /// The control the inspector shows for it.
    public let control: SettingControl

    /// A setting `name` with its help, default (as text), control and parser.
    public init(_ name: String, help: String, default defaultText: String?, control: SettingControl,
                parse: @escaping @Sendable (String) throws(SettingError) -> Value) {
        self.name = name; self.help = help; self.parse = parse; self.defaultText = defaultText; self.control = control
    }

    /// Its parsed value in `settings` (`--set` or the inspector), else its default, else nil.
    public func value(in settings: [String: String]) throws(SettingError) -> Value? {
        guard let raw = settings[name] ?? defaultText else { return nil }
        return try parse(raw)
    }

    /// Its value in `settings` when it has a default.
    public func setting(in settings: [String: String]) throws(SettingError) -> Value {
        guard let v = try value(in: settings) else { preconditionFailure("setting \(name) has no default") }
        return v
    }

    /// The catalog's view of it: a name, a help line, a check, its default and control.
    public var setting: SceneSetting {
        let parse = self.parse
        return SceneSetting(name: name, help: help, defaultText: defaultText, control: control) { (v: String) throws(SettingError) in _ = try parse(v) }
    }
}

extension SettingKey where Value == Double {
    /// A number in `range` (what `--set` accepts); the inspector's slider spans `slider`
    /// (default: the range) in steps of `step` (0: continuous).
    public static func number(_ name: String, help: String, range: ClosedRange<Double>, default value: Double?,
                       slider: ClosedRange<Double>? = nil, step: Double = 0) -> SettingKey {
        SettingKey(name, help: help, default: value?.short, control: .slider(slider ?? range, step: step)) {
            (v: String) throws(SettingError) in try SettingValues.number(name, v, range: range)
        }
    }
}

extension SettingKey where Value == Int {
    /// A whole number in `range`, `value` unless set, shown as a stepper of `step`.
    public static func integer(_ name: String, help: String, range: ClosedRange<Int>, default value: Int, step: Int = 1) -> SettingKey {
        SettingKey(name, help: help, default: "\(value)", control: .stepper(range, step: step)) {
            (v: String) throws(SettingError) in try SettingValues.integer(name, v, range: range)
        }
    }
}

extension SettingKey where Value == Int {
    /// One of `options` (a segmented picker); the value is its index.
    public static func choice(_ name: String, help: String, options: [String], default value: String) -> SettingKey {
        SettingKey(name, help: help, default: value, control: .choice(options)) { (v: String) throws(SettingError) in
            guard let i = options.firstIndex(of: v) else {
                throw SettingError("\(name) must be \(options.joined(separator: " or ")), got '\(v)'")
            }
            return i
        }
    }
}

extension SettingKey where Value == UnitPoint {
    /// A unit point by name (`topLeading`, `center`…) or as `x,y`.
    public static func unitPoint(_ name: String, help: String, default value: String) -> SettingKey {
        SettingKey(name, help: help, default: value, control: .choice(SettingValues.unitPointNames)) {
            (v: String) throws(SettingError) in try SettingValues.unitPoint(name, v)
        }
    }
}

extension SettingKey where Value == [Color] {
    /// Colours by name (`indigo`) or as `#rrggbb`, comma-separated.
    public static func colors(_ name: String, help: String, default value: String) -> SettingKey {
        SettingKey(name, help: help, default: value, control: .colors) {
            (v: String) throws(SettingError) in try SettingValues.colorList(name, v)
        }
    }
}

/// The control the inspector shows for a setting.
public enum SettingControl: Sendable, Equatable {
    /// A slider over this range with this step (0: continuous).
    case slider(ClosedRange<Double>, step: Double)
    /// − and + buttons over this range.
    case stepper(ClosedRange<Int>, step: Int)
    /// One of these names (a segmented picker).
    case choice([String])
    /// A list of colours: swatches and a text field of names or #rrggbb.
    case colors
    /// Free text, checked when committed.
    case text
}
