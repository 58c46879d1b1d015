import Scenes
import SwiftUICode

extension HeroScene: SwiftUIExportable {
    /// The component's photo and caption, or the user's first photo titled with its name and folder
    /// (as the scene shows it).
    package static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? {
        let s = input.settings
        let drawn = try DrawnPhotos.setting.setting(in: s) == 1
        let user = drawn ? nil : input.photos?.first
        let source = input.photos(bundled: ["Sunset Ridge"], drawn: ["Mountains at sunset"], drawnChosen: drawn).source
        let caption = HeroScene.caption(for: user)
        var code = KenBurnsHeroCode(image: user?.title ?? (drawn ? "Mountains at sunset" : "Sunset Ridge"),
                                    label: user?.title ?? "Mountains at sunset", title: caption.title, subtitle: caption.subtitle,
                                    imageSource: source, settings: input.given(self))
        code.duration = try duration.setting(in: s)
        code.zoom = try zoom.setting(in: s)
        code.from = SwiftUIValues.unitPoint(try from.setting(in: s))
        code.to = SwiftUIValues.unitPoint(try to.setting(in: s))
        return code.source
    }
}
