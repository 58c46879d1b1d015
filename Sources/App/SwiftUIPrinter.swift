import Imaging
import Render
import Scenes
import SystemSupport

/// `lumen --print-swiftui`: the scene as SwiftUI for its `--set` settings and `--images`, the
/// same text the inspector's Copy as SwiftUI gives, without opening a window. A bad setting
/// or a scene without SwiftUI exits 2 with the reason.
enum SwiftUIPrinter {
    static func code(_ options: SceneOptions, catalog: SceneCatalog) throws -> String {
        guard let type = catalog.scene(named: options.scene) else { throw UsageError("unknown scene '\(options.scene)'") }
        try SceneCatalog.validate(options.settings, for: type)
        var photos: [Photo]?
        if !options.images.isEmpty, type.showsPhotos {
            photos = try listed(options.images)
        }
        let input = SwiftUIInput(settings: options.settings, photos: photos, photoSource: options.images)
        guard let code = try SceneCatalog.swiftUI(of: type, input) else {
            let with = catalog.namesWithSwiftUI.joined(separator: ", ")
            throw UsageError("scene '\(type.name)' is Lumen's own and has no SwiftUI (scenes with SwiftUI: \(with))")
        }
        return code
    }

    private static func listed(_ images: [String]) throws(UsageError) -> [Photo] {
        do { return try PhotoLibrary.photos(in: images, skipped: { StandardError.message("\($0)") }) } catch {
            throw UsageError("--images: \(error.message)")
        }
    }
}
