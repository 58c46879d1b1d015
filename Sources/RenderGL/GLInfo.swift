import CGLES

/// What the current GL context is: its renderer and version strings and extensions.
package struct GLInfo: Sendable, CustomStringConvertible {
    package let renderer: String
    package let version: String
    package let extensions: Set<String>
    /// How the headless context was opened ("device", "surfaceless", "default"), or "window".
    package let platform: String

    /// Reads the current context (its entry points loaded).
    init(platform: String) {
        func string(_ name: Int32) -> String { glGetString(GLenum(name)).map { String(cString: $0) } ?? "" }
        renderer = string(GL_RENDERER)
        version = string(GL_VERSION)
        var n: GLint = 0
        glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &n)
        extensions = Set((0..<max(Int(n), 0)).compactMap { i in glGetStringi(GLenum(GL_EXTENSIONS), GLuint(i)).map { String(cString: $0) } })
        self.platform = platform
    }

    /// Whether it is desktop OpenGL (not ES): 4.3 and later compile GLSL ES 3.00 and render to
    /// float textures without extensions.
    package var isDesktop: Bool { !version.hasPrefix("OpenGL ES") }

    /// Whether the renderer can run on it: OpenGL ES 3.x, or desktop OpenGL 4.3 or later.
    var isUsable: Bool {
        if !isDesktop { return version.hasPrefix("OpenGL ES 3") }
        let parts = version.split(whereSeparator: { $0 == "." || $0 == " " }).prefix(2).compactMap { Int($0) }
        guard parts.count == 2 else { return false }
        return parts[0] > 4 || (parts[0] == 4 && parts[1] >= 3)
    }

    /// Whether the context is a software rasteriser (Mesa's llvmpipe, softpipe, swrast):
    /// `--renderer auto` does not take those, Cairo is faster on the same cores.
    package var isSoftware: Bool { GLInfo.isSoftware(renderer: renderer) }

    package static func isSoftware(renderer: String) -> Bool {
        let r = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software"].contains { r.contains($0) }
    }

    /// The texel format coverage is accumulated in: 32-bit floats where they blend
    /// (EXT_float_blend), else 16-bit; nil when neither is renderable.
    var coverageFormat: GLenum? {
        if isDesktop { return GLenum(GL_R32F) }
        let floatTargets = extensions.contains("GL_EXT_color_buffer_float")
        if floatTargets && extensions.contains("GL_EXT_float_blend") { return GLenum(GL_R32F) }
        if floatTargets || extensions.contains("GL_EXT_color_buffer_half_float") || version.contains("OpenGL ES 3.2") { return GLenum(GL_R16F) }
        return nil
    }

    package var description: String { "\(renderer) (\(version))" }
}
