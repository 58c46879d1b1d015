import FoundationEssentials
import Geometry
import Imaging
import Input
import Render
import Scenes
import Widgets
import Pixels

/// `lumen render`: one frame of a scene to a PNG, no window, no display, no SDL video.
/// Time and scroll are inputs and every photo is decoded before drawing, so the same
/// inputs give the same pixels.
enum HeadlessRender {
    /// The frame as pixels (and the tree, for semantics). The scene runs on a 60 Hz clock from
    /// 0 to its time; a script's input is played on the way through the same `SceneRunner`
    /// path the window uses (keys reach the scene, a wheel turns where the pointer last was).
    static func frame(_ options: SceneOptions, catalog: SceneCatalog, assets: String, script: InputScript? = nil,
                      decoder: PhotoDecoding = InProcessDecoding()) throws(UsageError) -> (PixelBuffer, WidgetTree) {
        let runner: SceneRunner
        do { runner = try SceneRunner(options, in: catalog, assets: assets, loader: options.loader(decoder)) } catch { throw error.usage }
        runner.runHeadless(to: options.time, scroll: options.scroll, script: script)
        let chosen = RendererSelection.headless(options, memory: runner.loader.memory)
        return (runner.snapshot(scale: options.scale ?? 1, with: chosen.renderer), runner.tree)
    }

    static func run(_ options: RenderOptions, catalog: SceneCatalog, decoder: PhotoDecoding) throws -> Int32 {
        let assets = try Lumen.bootstrap(catalog)
        let script = try options.script.map { path throws(UsageError) in try InputScript.loadForCommandLine(path) }
        let (pixels, tree) = try frame(options.scene, catalog: catalog, assets: assets, script: script, decoder: decoder)
        if let out = options.out {
            try PNGFile.write(pixels, to: out)
        }
        if options.semantics { print(tree.semanticsDump()) }
        return 0
    }
}
