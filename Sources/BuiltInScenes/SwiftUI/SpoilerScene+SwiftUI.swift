import Scenes
import SwiftUICode

extension SpoilerScene: SwiftUIExportable {
    package static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? {
        var code = PixelateSpoilerCode(settings: input.given(self))
        code.blockSize = try blockSize.setting(in: input.settings)
        code.amount = try amount.value(in: input.settings)
        return code.source
    }
}
