import Animation
import Scenes
import SwiftUICode

extension CurveSpec {
    /// A spec (checked as `parse` checks it) as the SwiftUI `Animation` it names:
    /// `spring(duration=0.6,bounce=0.2)` → `.spring(duration: 0.6, bounce: 0.2)`,
    /// `bezier(0.34,1.56,0.64,1)` → `.timingCurve(0.34, 1.56, 0.64, 1)`.
    package static func swiftUI(_ spec: String) throws(SettingError) -> AnimationCurveCode.Curve {
        _ = try parse(spec)
        let (name, positional, named) = try terms(spec)
        let duration = named["duration"] ?? Animation.defaultDuration
        switch name {
        case "linear", "easeIn", "easeOut", "easeInOut":
            return named.isEmpty ? .named(name) : .timed(name, duration: duration)
        case "bezier":
            return .timingCurve(positional[0], positional[1], positional[2], positional[3], duration: duration)
        case "spring" where named["response"] != nil:
            return .springResponse(named["response"] ?? 0.5, dampingFraction: named["dampingFraction"] ?? Spring.standard.dampingFraction)
        case "spring" where !named.isEmpty:
            return .springDuration(named["duration"] ?? 0.5, bounce: named["bounce"] ?? 0)
        default:
            return .named(name)
        }
    }
}
