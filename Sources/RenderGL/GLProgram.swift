import CGLES

/// A linked GLSL ES 3.00 program and the locations of its uniforms, looked up once by name.
final class GLProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    /// Compiles and links `vertex` and `fragment`, waiting for the driver; throws with the
    /// driver's log when either fails.
    static func link(vertex: String, fragment: String, name: String) throws -> GLProgram {
        try GLProgramBuild(vertex: vertex, fragment: fragment, name: name).finish()
    }

    /// Takes a program the driver linked (`GLProgramBuild.finish`).
    init(linked id: GLuint) { self.id = id }

    deinit { glDeleteProgram(id) }

    /// The location of uniform `name` (−1 when the compiler removed it).
    func uniform(_ name: String) -> GLint {
        if let l = locations[name] { return l }
        let l = glGetUniformLocation(id, name)
        locations[name] = l
        return l
    }
}
