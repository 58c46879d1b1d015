import CGLES

/// A GLES 3.0 context with no window, through EGL (loaded with dlopen): Mesa's surfaceless
/// platform (CI, llvmpipe), `EGL_EXT_platform_device` (a GPU with no display, e.g. an NVIDIA
/// server), or the default display. One per process, current on the thread that opened it.
package enum HeadlessGL {
    /// Opens the context and loads the GL entry points. `platform`: "auto" (device, then
    /// surfaceless, then default), or one of those. `library`: the libEGL to load (nil:
    /// `libEGL.so.1`). Throws with a one-line reason.
    package static func open(platform: String = "auto", library: String? = nil) throws -> GLInfo {
        var error = [CChar](repeating: 0, count: 256)
        let failed = error.withUnsafeMutableBufferPointer { buf in lumen_egl_open(platform, library, buf.baseAddress, buf.count) != nil }
        if failed {
            let bytes = error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw GLError(String(decoding: bytes, as: UTF8.self))
        }
        if let missing = lumen_gles_load({ lumen_egl_get_proc($0) }) {
            lumen_egl_close()
            throw GLError("the OpenGL ES library has no \(String(cString: missing))")
        }
        return GLInfo(platform: String(cString: lumen_egl_platform()))
    }

    /// Makes the context current on this thread (a context is current on one thread at a time).
    package static func makeCurrent() { _ = lumen_egl_make_current(1) }
    /// Releases it from this thread, for another to take.
    package static func release() { _ = lumen_egl_make_current(0) }

    /// Closes the context.
    package static func close() { lumen_egl_close() }
}

/// Loading entry points for a context someone else made current (SDL's, in a window).
package enum GLEntryPoints {
    /// Fills the table through `getProc` and reads the context; throws naming a missing function.
    package static func load(_ getProc: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?) throws -> GLInfo {
        if let missing = lumen_gles_load(getProc) { throw GLError("the OpenGL ES library has no \(String(cString: missing))") }
        return GLInfo(platform: "window")
    }
}
