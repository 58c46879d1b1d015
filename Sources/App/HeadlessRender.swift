import Effects
import Foundation
import Geometry
import Render
import Widgets

/// `lumen render`: one frame of a scene to a PNG, no window, no display, no SDL video.
/// Time and scroll are inputs and every photo is decoded before drawing, so the same
/// inputs give the same pixels.
public enum HeadlessRender {
    /// The frame as pixels (and the tree, for semantics).
    public static func frame(_ options: SceneOptions, assets: String) throws(UsageError) -> (PixelBuffer, WidgetTree) {
        let loader = ImageLoader()
        let stage = try Lumen.makeStage(options, assets: assets, loader: loader)
        loader.waitForAll()
        let (scene, tree) = (stage.scene, stage.tree)
        // Scene time drives both the scene's own motion and the animations on its clock.
        tree.clock.advance(to: options.time)
        scene.update(time: options.time)
        let (list, _) = tree.frame()
        let scale = options.scale ?? 1
        let w = Int((options.size.width * scale).rounded()), h = Int((options.size.height * scale).rounded())
        let pixels = CairoRenderer().render(list, width: w, height: h, scale: scale, background: scene.background)
        return (pixels, tree)
    }

    public static func run(_ options: RenderOptions) throws -> Int32 {
        let assets = try Lumen.bootstrap()
        let (pixels, tree) = try frame(options.scene, assets: assets)
        if let out = options.out {
            try PNGFile.write(pixels, to: out)
        }
        if options.semantics { print(tree.semanticsDump()) }
        return 0
    }
}
