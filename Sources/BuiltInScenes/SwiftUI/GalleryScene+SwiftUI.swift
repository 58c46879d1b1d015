import Scenes
import SwiftUICode

extension GalleryScene: SwiftUIExportable {
    package static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? {
        var code = ColorRevealGalleryCode(
            photos: input.photos(bundled: photos.map(\.1), drawn: DrawnPhotos.gallery.map(\.title),
                                 drawnChosen: try DrawnPhotos.setting.setting(in: input.settings) == 1),
            settings: input.given(self))
        code.aspectRatio = try aspectRatio.setting(in: input.settings)
        code.cornerRadius = try cornerRadius.setting(in: input.settings)
        return code.source
    }
}
