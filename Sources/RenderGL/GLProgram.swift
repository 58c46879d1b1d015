import CGLES

/// A linked GLSL ES 3.00 program and the locations of its uniforms, looked up once by name.
final class GLProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    /// Compiles and links `vertex` and `fragment`; throws with the driver's log when either fails.
    init(vertex: String, fragment: String, name: String) throws {
        let vs = try GLProgram.compile(GLenum(GL_VERTEX_SHADER), vertex, name: name)
        defer { glDeleteShader(vs) }
        let fs = try GLProgram.compile(GLenum(GL_FRAGMENT_SHADER), fragment, name: name)
        defer { glDeleteShader(fs) }
        id = glCreateProgram()
        glAttachShader(id, vs)
        glAttachShader(id, fs)
        glLinkProgram(id)
        var ok: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = GLProgram.log { glGetProgramInfoLog(id, $0, nil, $1) }
            glDeleteProgram(id)
            throw GLError("the \(name) shader program does not link: \(log)")
        }
    }

    deinit { glDeleteProgram(id) }

    private static func compile(_ type: GLenum, _ source: String, name: String) throws -> GLuint {
        let s = glCreateShader(type)
        source.withCString { p in
            var ptr: UnsafePointer<GLchar>? = p
            glShaderSource(s, 1, &ptr, nil)
        }
        glCompileShader(s)
        var ok: GLint = 0
        glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = GLProgram.log { glGetShaderInfoLog(s, $0, nil, $1) }
            glDeleteShader(s)
            throw GLError("the \(name) shader does not compile: \(log)")
        }
        return s
    }

    private static func log(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 2048)
        buffer.withUnsafeMutableBufferPointer { read(2047, $0.baseAddress!) }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "no log"
    }

    /// The location of uniform `name` (−1 when the compiler removed it).
    func uniform(_ name: String) -> GLint {
        if let l = locations[name] { return l }
        let l = glGetUniformLocation(id, name)
        locations[name] = l
        return l
    }
}
