import Scenes
import SwiftUICode

extension CurvesScene: SwiftUIExportable {
    package static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? {
        let spec = input.settings[curve.name] ?? curve.defaultText ?? "easeInOut"
        return AnimationCurveCode(curve: try CurveSpec.swiftUI(spec), settings: input.given(self)).source
    }
}
