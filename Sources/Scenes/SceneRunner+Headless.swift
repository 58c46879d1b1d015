import FoundationEssentials
import Geometry
import Input
import Render
import Widgets
import Pixels

/// Running a scene without a window: `lumen render`, `record` and the tests.
extension SceneRunner {
    /// Waits for the photos that layout asked for (a lazy list realizes rows as it goes) and
    /// for the tree's background work, so that a headless frame shows what a patient window would.
    package func settle() {
        scene.finishWork()
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
    /// applied once the content has a size. Steps after `time` are played too (a script's end).
    public func runHeadless(to time: Double, scroll: Double = 0, script: InputScript? = nil) {
        let playback = HeadlessPlayback(self, script: script, scroll: scroll)
        playback.run(to: time, playingAllSteps: true)
    }

    /// The whole window drawn now by Cairo, at `scale` device pixels per point.
    public func snapshot(scale: Double = 1) -> PixelBuffer { snapshot(scale: scale, with: nil) }

    /// The whole window drawn now by `given` (Cairo when nil), at `scale` device pixels per point.
    package func snapshot(scale: Double = 1, with given: (any Renderer)?, threads: Int? = nil) -> PixelBuffer {
        let renderer = given ?? CairoRenderer(memory: loader.memory, threads: threads ?? CairoRenderer.defaultThreads)
        tree.damageAll()
        let (list, _) = buildFrame()
        let w = Int((tree.size.width * scale).rounded()), h = Int((tree.size.height * scale).rounded())
        return renderer.render(list, width: w, height: h, scale: scale, background: scene.background)
    }
}
