import Foundation
import Render

/// Process-wide start-up: find the assets and register the fonts.
public enum Lumen {
    /// The assets folder, with the bundled fonts registered with fontconfig.
    public static func bootstrap() throws(UsageError) -> String {
        guard let assets = AssetLocator.find() else {
            throw UsageError("cannot find Lumen's assets folder (set LUMEN_ASSETS to the folder holding fonts/ and the photos)")
        }
        if !TextEngine.registerFonts(directory: assets + "/fonts") {
            FileHandle.standardError.write(Data("lumen: cannot register the fonts in \(assets)/fonts; text uses the system's\n".utf8))
        }
        return assets
    }

    /// A scene and its tree, ready to draw.
    public static func makeScene(_ options: SceneOptions, assets: String, loader: ImageLoader) throws(UsageError) -> Scene {
        let context = SceneContext(assets: assets, loader: loader, reduceMotion: options.reduceMotion)
        guard let scene = SceneCatalog.make(options.scene, context: context) else {
            throw UsageError("unknown scene '\(options.scene)'")
        }
        scene.update(time: options.time)
        scene.scroll(to: options.scroll)
        return scene
    }
}
