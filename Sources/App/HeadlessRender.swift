import Effects
import Foundation
import Geometry
import Render
import Widgets

/// `lumen render`: one frame of a scene to a PNG, no window, no display, no SDL video.
/// Time and scroll are inputs and every photo is decoded before drawing, so the same
/// inputs give the same pixels.
public enum HeadlessRender {
    /// The frame as pixels (and the tree, for semantics). The scene runs on a 60 Hz clock from
    /// 0 to its time; a script's input is played on the way, through the same tree the window uses.
    public static func frame(_ options: SceneOptions, assets: String, script: InputScript? = nil) throws(UsageError) -> (PixelBuffer, WidgetTree) {
        let loader = ImageLoader()
        let stage = try Lumen.makeStage(options, assets: assets, loader: loader)
        loader.waitForAll()
        let (scene, tree) = (stage.scene, stage.tree)
        // The first layout happens at time 0, where a window's first frame would be, so that
        // animations starting there are where they would be at --time.
        _ = tree.frame()
        settle(tree, loader)
        // Scroll once the content has a size (before layout every offset clamps to 0).
        if options.scroll != 0 { scene.scroll(to: options.scroll); _ = tree.frame(); settle(tree, loader) }
        // Time runs in 60 Hz frames from 0 to --time, as in the window, so timers (a photo
        // advancing every 1.5 s) fire when they would; script input is played on the way.
        var steps = (script?.steps ?? [])[...]
        let dt = 1.0 / 60
        var t = 0.0
        while t < options.time - 1e-9 || !steps.isEmpty {
            while let step = steps.first, step.time <= t + 1e-9 {
                steps.removeFirst()
                if let e = event(step.command, at: t) { tree.handle(e) }
            }
            t = steps.isEmpty ? min(t + dt, max(options.time, t)) : t + dt
            tree.clock.advance(to: t)
            scene.update(time: t)
            _ = tree.frame()
            settle(tree, loader)
            if steps.isEmpty && t >= options.time - 1e-9 { break }
        }
        tree.clock.advance(to: options.time)
        scene.update(time: options.time)
        _ = tree.frame()
        settle(tree, loader)
        tree.damageAll()
        let (list, _) = tree.frame()
        let scale = options.scale ?? 1
        let w = Int((options.size.width * scale).rounded()), h = Int((options.size.height * scale).rounded())
        let pixels = CairoRenderer().render(list, width: w, height: h, scale: scale, background: scene.background)
        return (pixels, tree)
    }

    /// Waits for the photos that layout asked for (a lazy list realizes rows as it goes) and
    /// for background work, so that a headless frame shows what a patient window would.
    static func settle(_ tree: WidgetTree, _ loader: ImageLoader) {
        for _ in 0..<8 {
            tree.background.waitAndDeliver()
            guard loader.isBusy else { return }
            loader.waitForAll()
            _ = tree.frame()
        }
    }

    /// A script command as the input event it stands for (headless: no SDL involved).
    static func event(_ c: InputScript.Command, at t: Double) -> InputEvent? {
        switch c {
        case .mouseDown(let p): return .pointer(PointerEvent(phase: .down, location: p, time: t))
        case .mouseMove(let p): return .pointer(PointerEvent(phase: .move, location: p, time: t, isPressed: false))
        case .mouseUp(let p): return .pointer(PointerEvent(phase: .up, location: p, time: t))
        case .wheel(let d, let precise): return .wheel(WheelEvent(delta: Point(-d.x, d.y), isPrecise: precise, location: .zero, time: t))
        case .fingerDown(let id, let p): return .pointer(PointerEvent(id: id + 1, kind: .touch, phase: .down, location: p, time: t))
        case .fingerMove(let id, let p): return .pointer(PointerEvent(id: id + 1, kind: .touch, phase: .move, location: p, time: t))
        case .fingerUp(let id, let p): return .pointer(PointerEvent(id: id + 1, kind: .touch, phase: .up, location: p, time: t))
        case .key(let name): return .key(KeyEvent(Key(name: name), time: t))
        case .screenshot, .quit: return nil
        }
    }

    public static func run(_ options: RenderOptions) throws -> Int32 {
        let assets = try Lumen.bootstrap()
        let script = try options.script.map { path throws(UsageError) in try InputScript.load(path) }
        let (pixels, tree) = try frame(options.scene, assets: assets, script: script)
        if let out = options.out {
            try PNGFile.write(pixels, to: out)
        }
        if options.semantics { print(tree.semanticsDump()) }
        return 0
    }
}
