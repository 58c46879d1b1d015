import Foundation
import Geometry
import Render
import RenderGL

/// The process's one headless GL context (EGL surfaceless on Mesa in CI) and a renderer on it.
/// GL calls go through one lock: Swift Testing runs tests on several threads at once.
enum GLTestContext {
    nonisolated(unsafe) private static var opened: Result<GLInfo, GLError>?
    private static let lock = NSLock()

    /// Runs `body` with the context current on this thread; throws when none opens (a GL test
    /// then fails: CI has Mesa's EGL, `make test` installs it).
    static func with<T>(_ body: (GLInfo) throws -> T) throws -> T {
        lock.lock(); defer { lock.unlock() }
        if opened == nil {
            do { opened = .success(try HeadlessGL.open(platform: "auto")) } catch let e as GLError { opened = .failure(e) }
        }
        let info = try opened!.get()
        HeadlessGL.makeCurrent()
        defer { HeadlessGL.release() }
        return try body(info)
    }
}

extension GLRenderer {
    /// Draws a frame of opaque magenta over everything: pixels a later frame wrongly leaves
    /// out show it. (Drawn as a fill that hides the whole frame, so the next frame, like any
    /// frame after one that hid most of itself, clears only what its own opaque commands leave.)
    func drawMagenta(width: Int, height: Int, scale: Double = 1) {
        var list = DisplayList()
        list.append(.fill(.rect(Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale)), .color(Color(red: 1, green: 0, blue: 1))))
        _ = render(list, width: width, height: height, scale: scale, background: .white)
    }
}
