import Scenes
import SwiftUICode

extension GradientScene: SwiftUIExportable {
    package static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? {
        let s = input.settings
        var code = GradientBackgroundCode(
            photos: input.photos(bundled: GalleryScene.photos.map(\.1), drawn: DrawnPhotos.gradientCards.map(\.title),
                                 drawnChosen: try DrawnPhotos.setting.setting(in: s) == 1),
            settings: input.given(self))
        code.bands = try bands.setting(in: s)
        code.fallback = SwiftUIValues.colors(try fallback.setting(in: s))
        return code.source
    }
}
