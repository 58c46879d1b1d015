import Geometry
import Render

/// One `--set NAME=VALUE` a scene accepts, with the parser that both checks the command line
/// and gives the scene its typed value, so name, range and message are written once.
public struct SettingKey<Value>: Sendable {
    public let name: String
    public let help: String
    let parse: @Sendable (String) throws(UsageError) -> Value

    public init(_ name: String, help: String, parse: @escaping @Sendable (String) throws(UsageError) -> Value) {
        self.name = name; self.help = help; self.parse = parse
    }

    /// The catalog's view of it: a name, a help line, a check.
    public var setting: SceneCatalog.Setting {
        let parse = self.parse
        return SceneCatalog.Setting(name: name, help: help) { (v: String) throws(UsageError) in _ = try parse(v) }
    }
}

extension SettingKey where Value == Double {
    static func number(_ name: String, help: String, range: ClosedRange<Double>) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(UsageError) in try SettingValues.number(name, v, range: range) }
    }
}

extension SettingKey where Value == Int {
    static func integer(_ name: String, help: String, range: ClosedRange<Int>) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(UsageError) in try SettingValues.integer(name, v, range: range) }
    }
}

extension SettingKey where Value == UnitPoint {
    static func unitPoint(_ name: String, help: String) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(UsageError) in try SettingValues.unitPoint(name, v) }
    }
}

extension SettingKey where Value == [Color] {
    static func colors(_ name: String, help: String) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(UsageError) in try SettingValues.colorList(name, v) }
    }
}

extension SceneContext {
    /// The parsed value of a setting given on the command line, or nil.
    public func value<V>(_ key: SettingKey<V>) throws(UsageError) -> V? {
        guard let raw = settings[key.name] else { return nil }
        return try key.parse(raw)
    }
}
