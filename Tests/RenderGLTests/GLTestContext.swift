import Foundation
import Render
@testable import RenderGL

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
