import Geometry
import Scenes
import SwiftUICode

extension TransitionsScene: SwiftUIExportable {
    package static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? {
        let s = input.settings
        let chosen = variants[try variant.setting(in: s)].name
        guard let v = ScrollTransitionCode.variants.first(where: { $0.name == chosen }) else { return nil }
        var code = ScrollTransitionCode(
            variant: v,
            photos: input.photos(bundled: animals, drawn: (1...25).map { String(printf: "animal-%02d", $0) },
                                 drawnChosen: try DrawnPhotos.setting.setting(in: s) == 1),
            settings: input.given(self))
        code.animated = try configuration.setting(in: s) == 1
        return code.source
    }
}
