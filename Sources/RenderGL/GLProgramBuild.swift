import CGLES

/// A program handed to the driver to compile and link, not waited for yet. Asking a shader or a
/// program for its status waits until the driver is done; a driver that compiles on threads of
/// its own (`KHR_parallel_shader_compile`) says without waiting whether it is (`isDone`), so
/// that many can compile side by side while frames are drawn (`allowDriverThreads`). Mesa's
/// llvmpipe offers the extension but compiles as it is asked (performance.md, "The list handed
/// to the driver's own threads").
final class GLProgramBuild {
    let name: String
    private let program, vertex, fragment: GLuint
    private var finished = false

    /// `GL_COMPLETION_STATUS_KHR` (and `_ARB`): whether the driver has finished compiling or linking.
    static let completionStatus = GLenum(0x91B1)

    /// Whether a context's driver says when a program is done without waiting
    /// (`KHR_parallel_shader_compile` on GLES, `ARB_parallel_shader_compile` on desktop GL).
    static func driverTellsCompletion(_ info: GLInfo) -> Bool {
        info.extensions.contains("GL_KHR_parallel_shader_compile") || info.extensions.contains("GL_ARB_parallel_shader_compile")
    }

    /// Where the driver can compile on threads of its own and say when it is done
    /// (`driverTellsCompletion`), lets it use as many as it likes; true there. NVIDIA's (580)
    /// compiles on the calling thread until told (performance.md, "The list handed to the
    /// driver's own threads").
    static func allowDriverThreads(_ info: GLInfo) -> Bool {
        guard driverTellsCompletion(info) else { return false }
        _ = lumen_gl_set_compiler_threads(.max)
        return true
    }

    /// Hands `vertex` and `fragment` to the driver to compile, and the program to link.
    init(vertex: String, fragment: String, name: String) {
        self.name = name
        self.vertex = GLProgramBuild.compile(GLenum(GL_VERTEX_SHADER), vertex)
        self.fragment = GLProgramBuild.compile(GLenum(GL_FRAGMENT_SHADER), fragment)
        program = glCreateProgram()
        glAttachShader(program, self.vertex)
        glAttachShader(program, self.fragment)
        glLinkProgram(program)
    }

    deinit {
        guard !finished else { return }
        glDeleteProgram(program)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
    }

    /// Whether the driver is done with it (without waiting). Ask only where the driver tells
    /// (`driverTellsCompletion`): elsewhere the query is an error.
    var isDone: Bool {
        var done: GLint = 0
        glGetProgramiv(program, GLProgramBuild.completionStatus, &done)
        return done != 0
    }

    /// The linked program, once the driver is done (waiting for it); throws with the driver's
    /// log when a shader does not compile or the program does not link.
    func finish() throws -> GLProgram {
        precondition(!finished, "a program build finished twice")
        finished = true
        defer { glDeleteShader(vertex); glDeleteShader(fragment) }   // freed with the program
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        if ok != 0 { return GLProgram(linked: program) }
        let why = [vertex, fragment].lazy.compactMap(GLProgramBuild.compileLog).first
            .map { "the \(name) shader does not compile: \($0)" }
            ?? "the \(name) shader program does not link: \(GLProgramBuild.log { glGetProgramInfoLog(program, $0, nil, $1) })"
        glDeleteProgram(program)
        throw GLError(why)
    }

    private static func compile(_ type: GLenum, _ source: String) -> GLuint {
        let s = glCreateShader(type)
        source.withCString { p in
            var ptr: UnsafePointer<GLchar>? = p
            glShaderSource(s, 1, &ptr, nil)
        }
        glCompileShader(s)
        return s
    }

    /// The driver's log of a shader that did not compile; nil if it did.
    private static func compileLog(_ shader: GLuint) -> String? {
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        return ok != 0 ? nil : log { glGetShaderInfoLog(shader, $0, nil, $1) }
    }

    /// The first line of a driver's log.
    private static func log(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 2048)
        buffer.withUnsafeMutableBufferPointer { read(2047, $0.baseAddress!) }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "no log"
    }
}
