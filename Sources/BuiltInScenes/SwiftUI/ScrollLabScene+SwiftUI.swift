import Scenes
import SwiftUICode

extension ScrollLabScene: SwiftUIExportable {
    package static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? {
        ScrollListCode(rows: try rows.setting(in: input.settings), heights: heights, settings: input.given(self)).source
    }
}
