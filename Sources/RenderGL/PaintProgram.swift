import CGLES

/// One of the paint program's variants (`GLShaders.paintFragment` with its paint and the kind of
/// each of its four covers compiled in: `PAINT`, `COVER0`…`COVER3`), with its uniforms'
/// locations looked up once.
final class PaintProgram {
    let program: GLProgram
    let quad, frame, targetSize, opacity, color, texMatrix, texSize, texFetch, saturation: GLint
    let maskGradient, grad, stops, stopAt, stopColor, pixelate, limit: GLint
    let grad2, stops2, stopAt2, stopColor2, opacity2: GLint
    let box, atlasOffset, cornerBox, cornerSize, inner, edges: GLint
    /// The covers last given to it (a run of draws under one clip sends them once), and the
    /// target, opacity and colour last set: uniforms keep their values between draws.
    var lastCovers: [Cover] = []
    var lastFrame: (Float, Float, Float, Float, Float, Float) = (.nan, 0, 0, 0, 0, 0)
    var lastOpacity: Float = .nan
    var lastColor: (Float, Float, Float, Float) = (.nan, 0, 0, 0)

    /// Forgets what was set (a new frame, or another context state).
    func forget() {
        lastCovers = []
        lastFrame.0 = .nan
        lastOpacity = .nan
        lastColor.0 = .nan
    }

    /// Hands variant `v` (`QuadPaint.mode` and four covers' kinds, `Cover.kind`) to the driver.
    static func build(_ v: PaintVariant) -> GLProgramBuild {
        let version = "#version 300 es\n"
        precondition(GLShaders.paintFragment.hasPrefix(version) && v.covers.count == 4)
        let defines = "#define PAINT \(v.paint)\n" + v.covers.enumerated().map { "#define COVER\($0.offset) \($0.element)\n" }.joined()
        let source = version + defines + GLShaders.paintFragment.dropFirst(version.count)
        return GLProgramBuild(vertex: GLShaders.quadVertex, fragment: source, name: "paint \(v.paint) \(v.covers)")
    }

    /// A variant the driver linked (`build`, then `GLProgramBuild.finish`), its uniforms looked up.
    init(_ program: GLProgram) {
        self.program = program
        let p = program
        quad = p.uniform("uQuad"); frame = p.uniform("uFrame"); targetSize = p.uniform("uTargetSize")
        opacity = p.uniform("uOpacity"); color = p.uniform("uColor"); texMatrix = p.uniform("uTexMatrix")
        texSize = p.uniform("uTexSize"); texFetch = p.uniform("uTexFetch"); saturation = p.uniform("uSaturation")
        maskGradient = p.uniform("uMaskGradient"); grad = p.uniform("uGrad"); stops = p.uniform("uStops")
        stopAt = p.uniform("uStopAt"); stopColor = p.uniform("uStopColor"); pixelate = p.uniform("uPixelate")
        grad2 = p.uniform("uGrad2"); stops2 = p.uniform("uStops2"); stopAt2 = p.uniform("uStopAt2")
        stopColor2 = p.uniform("uStopColor2"); opacity2 = p.uniform("uOpacity2")
        limit = p.uniform("uLimit"); box = p.uniform("uBox")
        atlasOffset = p.uniform("uAtlasOffset"); cornerBox = p.uniform("uCornerBox"); cornerSize = p.uniform("uCornerSize")
        inner = p.uniform("uInner"); edges = p.uniform("uEdges")
        glUseProgram(p.id)
        for (i, name) in ["uTex", "uAtlas0", "uAtlas1", "uAtlas2", "uAtlas3"].enumerated() { glUniform1i(p.uniform(name), GLint(i)) }
    }
}
