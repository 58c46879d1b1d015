import Geometry
import Input

/// An input script as `--script` reads one, each step then turned into the event the window
/// would queue.
enum ScriptFuzzing {
    static func parse(_ bytes: UnsafeRawBufferPointer) {
        guard let script = try? InputScript.parse(String(decoding: bytes, as: UTF8.self)) else { return }
        var mouse = InputScript.MouseState()
        var last = -Double.infinity
        for step in script.steps {
            precondition(step.time.isFinite && step.time >= last, "step at \(step.time) s after one at \(last) s")
            last = step.time
            _ = step.command.inputEvent(at: step.time, mouse: mouse, windowSize: Size(800, 600))
            mouse.apply(step.command)
        }
    }
}
