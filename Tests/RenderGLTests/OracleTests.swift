import BuiltInScenes
import Foundation
import Geometry
import LumenTestSupport
import Render
import Testing
import RenderGL
import Scenes

/// Cairo is the oracle: every scene, at 1× and 2×, at fixed times, drawn by both renderers and
/// compared with `OracleComparison` (forgiving anti-aliasing and nothing else). A failure writes
/// both frames and their difference under `.build/gl-oracle/`.
@Suite(.serialized) struct OracleTests {
    static let cases: [(String, [String: String], Double)] =
        SceneCatalog.lumen.names.map { ($0, [:], 260) }
        + TransitionsScene.variants.map { ("transitions", ["variant": $0.name], 410) }

    @Test(arguments: 0..<cases.count, [1.0, 2.0])
    func sceneMatchesCairo(index: Int, scale: Double) throws {
        let (name, settings, scroll) = Self.cases[index]
        var o = SceneOptions()
        o.scene = name
        o.settings = settings
        o.size = Size(width: 640, height: 400)
        o.time = 1.3
        o.scroll = scroll
        TestAssets.registerFonts()
        o.chrome = name == "home"
        let runner = try SceneRunner(o, in: .lumen, assets: TestAssets.path)
        runner.runHeadless(to: o.time, scroll: o.scroll)
        runner.tree.damageAll()
        let (list, _) = runner.buildFrame()
        let w = Int(640 * scale), h = Int(400 * scale)
        let reference = CairoRenderer(memory: runner.loader.memory, threads: 1)
            .render(list, width: w, height: h, scale: scale, background: runner.scene.background)
        // The first frame; the same list again over a frame of magenta (by then the renderer
        // knows which photos are opaque and leaves out what they hide, so a pixel it wrongly
        // leaves out stays magenta); and once more (a frame after one that hid little of itself
        // is cleared whole while the CPU plans it).
        let frames = try GLTestContext.with { info in
            let r = try GLRenderer(info: info, memory: runner.loader.memory)
            let first = r.render(list, width: w, height: h, scale: scale, background: runner.scene.background)
            r.drawMagenta(width: w, height: h, scale: scale)
            let again = r.render(list, width: w, height: h, scale: scale, background: runner.scene.background)
            let third = r.render(list, width: w, height: h, scale: scale, background: runner.scene.background)
            // Every variant of the paint program the scene drew with was compiled at the start.
            #expect(r.variantsCompiledLate == 0, "\(name): not in PaintProgramWarmUp: \(r.namesOfVariantsCompiledLate(from: 0))")
            return [("", first), ("-again", again), ("-third", third)]
        }
        for (frame, gpu) in frames {
            let c = OracleComparison(gpu, reference)
            let label = "\(name)\(settings.isEmpty ? "" : "-" + (settings["variant"] ?? ""))@\(Int(scale))x" + frame
            if !c.passes() || ProcessInfo.processInfo.environment["LUMEN_GL_ORACLE_WRITE"] != nil {
                OracleFiles.write(label, gpu: gpu, cairo: reference)
            }
            #expect(c.passes(), "\(label): \(c.summary)")
            print("oracle \(label): \(c.summary)")
        }
    }
}
