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

    /// The variant for `paint` (`QuadPaint.mode`) and four covers' kinds (`Cover.kind`).
    init(paint: Int, covers: [Int]) throws {
        let version = "#version 300 es\n"
        precondition(GLShaders.paintFragment.hasPrefix(version) && covers.count == 4)
        let defines = "#define PAINT \(paint)\n" + covers.enumerated().map { "#define COVER\($0.offset) \($0.element)\n" }.joined()
        let source = version + defines + GLShaders.paintFragment.dropFirst(version.count)
        program = try GLProgram(vertex: GLShaders.quadVertex, fragment: source, name: "paint \(paint) \(covers)")
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

/// The paint program's variants: those Lumen's scenes draw with (`PaintProgramWarmUp`)
/// compiled as the first frame needs them and the rest after it, in slices (`compileListed`),
/// any other the first time a quad needs it.
final class PaintPrograms {
    private var variants: [Int: PaintProgram] = [:]
    /// The start-up list's variants (by key), and those of them not compiled yet.
    private let listed: Set<Int>
    private var pending: [PaintVariant]
    /// Variants not in the list, compiled as quads needed them, in order: each stalled the
    /// frame that needed it.
    private(set) var compiledLate: [PaintVariant] = []

    /// Takes the start-up list (`warmUp`) and compiles its first variant, so that a driver that
    /// cannot compile the program says so before the first frame. The first frame compiles
    /// only what it draws with: with the whole list compiled first and a cold shader cache, the
    /// gallery's first GL frame under Xvfb (llvmpipe) came at 1.77–2.16 s against 1.25–1.30 s
    /// (medians of 5), and NVIDIA's first start took 0.55 s longer (performance.md).
    init(warmUp: [PaintVariant] = PaintProgramWarmUp.variants) throws {
        listed = Set(warmUp.map(\.key))
        pending = warmUp
        if let first = warmUp.first { _ = try variant(first) }
    }

    /// Whether variants of the list are still to compile.
    var hasListed: Bool { !pending.isEmpty }

    /// Compiles the list's variants not compiled yet, in order, until `seconds` have passed
    /// (at least one each call; nil: all of them).
    func compileListed(within seconds: Double? = nil) throws {
        let clock = ContinuousClock(), start = clock.now
        defer { pending.removeAll { variants[$0.key] != nil } }
        for v in pending where variants[v.key] == nil {
            _ = try variant(v)
            if let seconds, clock.now - start >= .seconds(seconds) { return }
        }
    }

    /// The variant for a quad painted with `paint` (`QuadPaint.mode`) under `covers` (the
    /// shape's, then the clips', at most four).
    /// (Found without allocating: a quad asks every draw.)
    func program(paint: Int, covers: [Cover]) throws -> PaintProgram {
        var key = paint
        for slot in 0..<4 { key = key * 8 + (slot < covers.count ? covers[slot].kind : 0) }
        if let p = variants[key] { return p }
        let v = PaintVariant(paint: paint, covers: covers.prefix(4).map(\.kind))
        let p = try variant(v)
        if !listed.contains(key) { compiledLate.append(v) }
        return p
    }

    private func variant(_ v: PaintVariant) throws -> PaintProgram {
        if let p = variants[v.key] { return p }
        let p = try PaintProgram(paint: v.paint, covers: v.covers)
        variants[v.key] = p
        return p
    }

    /// Every variant compiled so far.
    var all: Dictionary<Int, PaintProgram>.Values { variants.values }
}
