import Effects
import Foundation
import Geometry
import Render
import Widgets

/// Running a scene without a window: `lumen render`, `record` and the tests.
extension SceneRunner {
    /// Waits for the photos that layout asked for (a lazy list realizes rows as it goes) and
    /// for the tree's background work, so that a headless frame shows what a patient window would.
    public func settle() {
        scene.completePendingWork()
        for _ in 0..<8 {
            tree.background.waitAndDeliver()
            guard loader.isBusy else { return }
            loader.waitForAll()
            _ = tree.frame()
        }
    }

    /// Plays `script` and runs time in 60 Hz frames from 0 to `time`, as a window would (timers
    /// fire on time; each step's input goes through `handle` as the window's does; a wheel turns
    /// where the pointer last was), waiting for every photo on the way. `scroll` (points) is
    /// applied once the content has a size.
    public func runHeadless(to time: Double, scroll: Double = 0, script: InputScript? = nil) {
        loader.waitForAll()
        // The first layout happens at time 0, where a window's first frame would be, so that
        // animations starting there are where they would be at `time`.
        _ = buildFrame()
        settle()
        if scroll != 0 { self.scroll(to: scroll); _ = buildFrame(); settle() }
        var steps = (script?.steps ?? [])[...]
        var mouse = InputScript.MouseState()
        let dt = 1.0 / 60
        var t = 0.0
        while t < time - 1e-9 || !steps.isEmpty {
            t = steps.isEmpty ? min(t + dt, max(time, t)) : t + dt
            // Steps up to this frame, each at its own time (as the window stamps them).
            while let step = steps.first, step.time <= t + 1e-9 {
                steps.removeFirst()
                if let e = step.command.inputEvent(at: step.time, mouse: mouse, windowSize: tree.size) { handle(e) }
                mouse.apply(step.command)
            }
            advance(to: t)
            _ = buildFrame()
            settle()
            if steps.isEmpty && t >= time - 1e-9 { break }
        }
        advance(to: time)
        _ = buildFrame()
        settle()
    }

    /// The whole window drawn now, at `scale` device pixels per point.
    public func snapshot(scale: Double = 1, with given: (any Renderer)? = nil) -> PixelBuffer {
        let renderer = given ?? CairoRenderer(memory: loader.memory)
        tree.damageAll()
        let (list, _) = buildFrame()
        let w = Int((tree.size.width * scale).rounded()), h = Int((tree.size.height * scale).rounded())
        return renderer.render(list, width: w, height: h, scale: scale, background: scene.background)
    }
}
