import Animation
import Foundation
import Render
import Widgets

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

    /// A scene, its tree and what they run on.
    public struct Stage {
        public let scene: Scene
        public let tree: WidgetTree
        public let context: SceneContext
    }

    /// Builds the scene named in `options` with a tree of the options' size on `clock`.
    public static func makeStage(_ options: SceneOptions, assets: String, loader: ImageLoader,
                                 clock: AnimationClock = AnimationClock(), motion: MotionSettings? = nil) throws(UsageError) -> Stage {
        let settings = motion ?? MotionSettings(reduceMotion: options.reduceMotion)
        let context = SceneContext(assets: assets, loader: loader, clock: clock, motion: settings, settings: options.settings)
        guard let scene = try SceneCatalog.make(options.scene, context: context) else {
            throw UsageError("unknown scene '\(options.scene)'")
        }
        scene.update(time: options.time)
        return Stage(scene: scene, tree: WidgetTree(root: scene.root, size: options.size, clock: clock), context: context)
    }
}
