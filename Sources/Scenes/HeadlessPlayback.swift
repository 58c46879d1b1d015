import Input
import Widgets

/// A scene run headless piece by piece: time moves in 60 Hz frames, a script's steps are
/// played at their times through the runner (as the window plays them), and every photo is
/// waited for. `lumen render` runs it once to its time; `lumen record` runs it to each
/// frame's time in turn.
package final class HeadlessPlayback {
    let runner: SceneRunner
    private var steps: ArraySlice<InputScript.Step>
    private var mouse = InputScript.MouseState()
    /// Scene time reached so far.
    public private(set) var time = 0.0

    /// Lays the scene out at time 0 (where a window's first frame would be, so that animations
    /// starting there are where they would be later) and applies `scroll` (points).
    public init(_ runner: SceneRunner, script: InputScript?, scroll: Double = 0) {
        self.runner = runner
        steps = (script?.steps ?? [])[...]
        runner.loader.waitForAll()
        _ = runner.buildFrame()
        runner.settle()
        if scroll != 0 { runner.scroll(to: scroll); _ = runner.buildFrame(); runner.settle() }
    }

    /// Runs to `end` seconds. With `playingAllSteps`, steps later than `end` are played too.
    public func run(to end: Double, playingAllSteps: Bool = false) {
        let dt = 1.0 / 60
        while time < end - 1e-9 || (playingAllSteps && !steps.isEmpty) {
            let following = steps.isEmpty || !playingAllSteps ? min(time + dt, max(end, time)) : time + dt
            time = following
            // Steps up to this frame, each at its own time (as the window stamps them).
            while let step = steps.first, step.time <= time + 1e-9 {
                steps.removeFirst()
                if case .drop(let paths) = step.command { runner.showPhotos(paths) }
                if let e = step.command.inputEvent(at: step.time, mouse: mouse, windowSize: runner.tree.size) { runner.handle(e) }
                mouse.apply(step.command)
            }
            runner.advance(to: time)
            _ = runner.buildFrame()
            runner.settle()
            if steps.isEmpty && time >= end - 1e-9 { break }
        }
        time = max(time, end)
        runner.advance(to: end)
        _ = runner.buildFrame()
        runner.settle()
    }
}
