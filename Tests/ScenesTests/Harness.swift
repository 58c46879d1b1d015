import BuiltInScenes
import Animation
import Geometry
import Imaging
import Input
import LumenTestSupport
import Render
import Widgets
import Scenes
import Pixels

/// Runs scenes headless through the `SceneRunner` the app uses (egui_kittest's idea: the real
/// loop, no window).
enum Harness {
    static let assets = TestAssets.path

    /// The scene built and attached to its tree, not yet run; without the navigation bar
    /// unless the options ask for it (`chrome`), so that scene tests see the scene's own layout.
    static func runner(_ o: SceneOptions, assets: String = assets, loader: ImageLoader = ImageLoader(),
                       chrome: Bool = false) throws(SettingError) -> SceneRunner {
        TestAssets.registerFonts()
        var o = o
        o.chrome = chrome
        return try SceneRunner(o, in: .lumen, assets: assets, loader: loader)
    }

    /// The frame `lumen render` would draw, and the tree.
    static func frame(_ o: SceneOptions, assets: String = assets, script: InputScript? = nil) throws(SettingError) -> (PixelBuffer, WidgetTree) {
        let r = try runner(o, assets: assets)
        r.runHeadless(to: o.time, scroll: o.scroll, script: script)
        return (r.snapshot(scale: o.scale ?? 1), r.tree)
    }
}
