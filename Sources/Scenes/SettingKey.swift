import Geometry
import Render

/// One `--set NAME=VALUE` a scene accepts, with the parser that both checks the command line
/// and gives the scene its typed value, so name, range and message are written once.
public struct SettingKey<Value>: Sendable {
    public let name: String
    public let help: String
    public let parse: @Sendable (String) throws(SettingError) -> Value

    public init(_ name: String, help: String, parse: @escaping @Sendable (String) throws(SettingError) -> Value) {
        self.name = name; self.help = help; self.parse = parse
    }

    /// The catalog's view of it: a name, a help line, a check.
    public var setting: SceneSetting {
        let parse = self.parse
        return SceneSetting(name: name, help: help) { (v: String) throws(SettingError) in _ = try parse(v) }
    }
}

extension SettingKey where Value == Double {
    static func number(_ name: String, help: String, range: ClosedRange<Double>) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(SettingError) in try SettingValues.number(name, v, range: range) }
    }
}

extension SettingKey where Value == Int {
    static func integer(_ name: String, help: String, range: ClosedRange<Int>) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(SettingError) in try SettingValues.integer(name, v, range: range) }
    }
}

extension SettingKey where Value == UnitPoint {
    static func unitPoint(_ name: String, help: String) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(SettingError) in try SettingValues.unitPoint(name, v) }
    }
}

extension SettingKey where Value == [Color] {
    static func colors(_ name: String, help: String) -> SettingKey {
        SettingKey(name, help: help) { (v: String) throws(SettingError) in try SettingValues.colorList(name, v) }
    }
}
