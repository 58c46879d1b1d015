import CGLES
import FoundationEssentials
import Geometry
import Render

/// What a quad is painted with.
enum QuadPaint {
    case color(Color)
    /// A linear gradient given in a space that `toDevice` maps to device pixels.
    case gradient(LinearGradient, toDevice: AffineTransform)
    /// A picture: `toTexel` maps a device pixel centre to texel coordinates (projectively);
    /// `fetch` reads whole texels (1:1 or nearest); `limit` the texels in use.
    case image(GLTexture, toTexel: TexelMap, fetch: Bool, saturation: Double, limit: (Int, Int))
    /// An alpha mask (red channel) tinting a colour or a gradient.
    case mask(GLTexture, toTexel: TexelMap, tint: QuadPaintTint)
    /// A layer's pixels pixelated in blocks of `block` device pixels from its origin.
    case pixelate(GLTexture, originX: Int, originY: Int, block: Double, limit: (Int, Int))
    /// A layer's pixels as they are, its texel (0, 0) at device (originX, originY).
    case layer(GLTexture, originX: Int, originY: Int)
    /// A layer through a projection: `toLayer` maps device pixel centres to its pixels.
    case projected(GLTexture, toLayer: TexelMap, limit: (Int, Int))
    /// Two gradients over one box, the second at `opacity` over the first (one pass for two fills).
    case crossfade(LinearGradient, LinearGradient, opacity: Double, toDevice: AffineTransform)
}

extension QuadPaint {
    /// Whether every pixel it paints is opaque (before coverage).
    var isOpaque: Bool {
        switch self {
        case .color(let c): return c.alpha >= 1
        case .gradient(let g, _): return !g.stops.isEmpty && g.stops.allSatisfy { $0.color.alpha >= 1 }
        case .crossfade(let g, _, _, _): return !g.stops.isEmpty && g.stops.allSatisfy { $0.color.alpha >= 1 }
        case .image(let t, _, _, _, _): return t.isOpaque
        default: return false
        }
    }

    /// Its paint program's variant (`PAINT` in `GLShaders.paintFragment`).
    var mode: Int {
        switch self {
        case .color: return 0
        case .gradient: return 1
        case .image: return 2
        case .mask: return 3
        case .pixelate: return 4
        case .layer: return 5
        case .projected: return 6
        case .crossfade: return 7
        }
    }
}

/// Four vec4 uniforms, set slot by slot and sent in one call.
struct CoverUniforms {
    private var values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    mutating func set(_ slot: Int, _ r: Rect) { set(slot, Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY)) }

    mutating func set(_ slot: Int, _ a: Float, _ b: Float, _ c: Float, _ d: Float) {
        withUnsafeMutableBytes(of: &values) { raw in
            let f = raw.bindMemory(to: Float.self)
            f[slot * 4] = a; f[slot * 4 + 1] = b; f[slot * 4 + 2] = c; f[slot * 4 + 3] = d
        }
    }

    /// Sets (a, b) at vec2 index `vec4 * 2 + half / 2` (for the vec2 array of offsets).
    mutating func set(_ vec4: Int, _ half: Int, _ a: Float, _ b: Float) {
        withUnsafeMutableBytes(of: &values) { raw in
            let f = raw.bindMemory(to: Float.self)
            f[vec4 * 4 + half] = a; f[vec4 * 4 + half + 1] = b
        }
    }

    mutating func send(_ location: GLint) {
        withUnsafeBytes(of: &values) { glUniform4fv(location, 4, $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
    }

    /// The first eight floats as four vec2s.
    mutating func send2(_ location: GLint) {
        withUnsafeBytes(of: &values) { glUniform2fv(location, 4, $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
    }
}

/// A 3×3 map (row-major, projective) from device pixel centres to a texture's texels: held
/// inline, as a quad's paint is made for every text, photo and shadow.
struct TexelMap {
    var rows: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// The affine map `t`.
    init(_ t: AffineTransform) { rows = (t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1) }
    /// A projection's nine entries.
    init(_ p: Projection) { let m = p.m; rows = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]) }

    static let identity = TexelMap(AffineTransform.identity)
    /// Texel = device pixel − (x, y).
    static func offset(_ x: Double, _ y: Double) -> TexelMap { TexelMap(.translation(-x, -y)) }
}

enum QuadPaintTint {
    case color(Color)
    case gradient(LinearGradient, toDevice: AffineTransform)
}

/// Where draws go: a framebuffer whose pixel (0, 0) is device pixel (originX, originY).
struct DrawTarget {
    var framebuffer: GLuint
    var originX: Int
    var originY: Int
    var width: Int
    var height: Int
    var flipped: Bool
    var rect: Rect { Rect(x: Double(originX), y: Double(originY), width: Double(width), height: Double(height)) }
}

extension GLWalk {
    /// Runs `body`, in a profile with its CPU time noted under `label` too (a part of a command's).
    func part<T>(_ label: String, _ body: () -> T) -> T {
        guard renderer.profilesGPU else { return body() }
        let start = ContinuousClock.now
        defer { renderer.profile.addCPU("CPU   " + label, .now - start) }
        return body()
    }

    /// Runs GL calls that draw `pixels` pixels, each timed on its own when the renderer profiles.
    func gpu(_ label: @autoclosure () -> String, pixels: Int, _ body: () -> Void) {
        if renderer.profilesGPU && renderer.canTimeGPU { renderer.profile.measure(label(), pixels: pixels, body) } else { body() }
    }

    /// A profile's name for a quad: its paint, its covers (the shape's, then the clips') and
    /// whether it blends.
    static func label(_ paint: QuadPaint, _ covers: [Cover], blends: Bool) -> String {
        var name = PaintVariant.paintNames[paint.mode]
        if case .image(_, _, let fetch, let saturation, _) = paint { name += fetch ? " fetched" : " filtered"; if saturation < 1 { name += " gray" } }
        return name + " [" + covers.prefix(4).map { PaintVariant.coverNames[$0.kind] }.joined(separator: ", ") + "]" + (blends ? "" : " opaque")
    }

    func bind(_ t: DrawTarget) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.framebuffer)
        glViewport(0, 0, GLsizei(t.width), GLsizei(t.height))
        target = t
    }

    /// Scissors to `r` (device pixels) in the current target.
    func applyScissor(_ r: Rect) {
        glEnable(GLenum(GL_SCISSOR_TEST))
        let x = Int(r.minX) - target.originX, y = Int(r.minY) - target.originY
        let yy = target.flipped ? target.height - (y + Int(r.height)) : y
        glScissor(GLint(x), GLint(yy), GLsizei(max(Int(r.width), 0)), GLsizei(max(Int(r.height), 0)))
    }

    /// Fills `cover` with `paint` (in the current space) at `opacity`.
    func fill(_ cover: Cover, paint: Paint, opacity: Double) {
        guard let bounds = cover.bounds else { return }
        switch paint {
        case .color(let c):
            if fillsRoundedBoxByParts(cover, color: c, opacity: opacity) { return }
            drawQuad(bounds, cover: cover, paint: .color(c), opacity: opacity)
        case .linearGradient(let g): drawQuad(bounds, cover: cover, paint: .gradient(g, toDevice: m), opacity: opacity)
        }
    }

    /// Draws the device rectangle `rect` (cut to the clip and `cover`) with `paint` × `cover` ×
    /// the clip's coverage × `opacity`, blended OVER.
    func drawQuad(_ rect: Rect, cover: Cover, paint: QuadPaint, opacity: Double) {
        // Whole pixels: a partly covered pixel whose centre lies outside `rect` is drawn too.
        var q = rect.integral().intersection(clip.scissor).intersection(target.rect)
        if let b = cover.bounds { q = q.intersection(b.integral()) }
        guard !q.isEmpty, opacity > 0 else { return }
        let pieces = visiblePieces(of: q)
        guard !pieces.isEmpty else { return }
        if clearsInstead(pieces, cover: cover, paint: paint, opacity: opacity) { return }
        let setUp = renderer.profilesGPU ? ContinuousClock.now : nil
        // The shape's cover, then the clip's (a buffer kept for every quad: it is copied only
        // when a program keeps it as its last covers).
        quadCovers.removeAll(keepingCapacity: true)
        quadCovers.append(cover)
        quadCovers.append(contentsOf: clip.covers)
        let covers = quadCovers
        let p: PaintProgram
        do { p = try renderer.paintPrograms.program(paint: paint.mode, covers: covers) } catch {
            renderer.fail("\(error)")
            return
        }
        if currentProgram != p.program.id {
            glUseProgram(p.program.id)
            currentProgram = p.program.id
        }
        let frame = (Float(target.originX), Float(target.originY), Float(target.height), Float(target.flipped ? 1 : 0),
                     Float(target.width), Float(target.height))
        if frame != p.lastFrame {
            p.lastFrame = frame
            glUniform4f(p.frame, frame.0, frame.1, frame.2, frame.3)
            glUniform2f(p.targetSize, frame.4, frame.5)
        }
        let alpha = Float(min(opacity, 1))
        if alpha != p.lastOpacity { p.lastOpacity = alpha; glUniform1f(p.opacity, alpha) }
        setPaint(paint, p)
        setCovers(covers, p)
        // Opaque paint covering whole pixels under no clip's coverage replaces what is there:
        // no blending, so no read of the target.
        let replaces = opacity >= 1 && paint.isOpaque && clip.covers.isEmpty && GLWalk.coversWholly(cover, q)
        if replaces { glDisable(GLenum(GL_BLEND)) }
        if let setUp { renderer.profile.addCPU("CPU   quads: program, uniforms, textures", .now - setUp) }
        for piece in pieces {
            glUniform4f(p.quad, Float(piece.minX), Float(piece.minY), Float(piece.maxX), Float(piece.maxY))
            gpu(GLWalk.label(paint, covers, blends: !replaces), pixels: Int(piece.width * piece.height)) {
                glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
            }
            draws += 1
            painted += Int(piece.width * piece.height)
            // Hand the GPU work as it is made, so it draws while the rest of the list is
            // encoded: every 32 quads, or sooner after a large one.
            if draws - flushedAt.draws >= 32 || painted - flushedAt.painted >= 1 << 20 {
                glFlush()
                flushedAt = (draws, painted)
            }
        }
        if replaces { glEnable(GLenum(GL_BLEND)) }
    }

    /// Whether `cover` covers every pixel of `q` (whole pixels) wholly: all of it, or a box
    /// that holds `q` (a photo zoomed beyond the view it is cut to).
    static func coversWholly(_ cover: Cover, _ q: Rect) -> Bool {
        switch cover {
        case .full: return true
        case .box(let r): return inside(r).contains(q)
        default: return false
        }
    }

    /// An opaque rounded rectangle on the pixel grid (a card, a list row): its body, every
    /// pixel of it covered, as three scissored clears, and only the four corner boxes through
    /// the shader with their coverage. False when it is not one (a ring, a fraction of a pixel
    /// at an edge, a clip's coverage, translucency).
    private func fillsRoundedBoxByParts(_ cover: Cover, color c: Color, opacity: Double) -> Bool {
        guard case .corners(let outer, let inner, _, _, _, let cw, let ch, let b) = cover, inner?.isEmpty ?? true,
              c.alpha >= 1, opacity >= 1, clip.covers.isEmpty, outer == outer.integral(), b == outer,
              cw > 0, ch > 0, b.width > Double(2 * cw), b.height > Double(2 * ch) else { return false }
        let w = Double(cw), h = Double(ch)
        let bands = [Rect(x: b.minX, y: b.minY + h, width: b.width, height: b.height - 2 * h),
                     Rect(x: b.minX + w, y: b.minY, width: b.width - 2 * w, height: h),
                     Rect(x: b.minX + w, y: b.maxY - h, width: b.width - 2 * w, height: h)]
        for band in bands { drawQuad(band, cover: .box(band), paint: .color(c), opacity: 1) }
        for (x, y) in [(b.minX, b.minY), (b.maxX - w, b.minY), (b.minX, b.maxY - h), (b.maxX - w, b.maxY - h)] {
            drawQuad(Rect(x: x, y: y, width: w, height: h), cover: cover, paint: .color(c), opacity: 1)
        }
        return true
    }

    /// An opaque colour over whole pixels under no clip's coverage (a background, a card's
    /// body on the pixel grid): a scissored clear instead of a quad, the fill a GPU does
    /// fastest (no shader, no blending). The same bytes: the colour converted as the shader's
    /// output would be.
    private func clearsInstead(_ pieces: [Rect], cover: Cover, paint: QuadPaint, opacity: Double) -> Bool {
        guard case .color(let c) = paint, c.alpha >= 1, opacity >= 1, clip.covers.isEmpty, pieces.allSatisfy({ $0 == $0.integral() }),
              let q = pieces.first, GLWalk.coversWholly(cover, pieces.dropFirst().reduce(q) { $0.union($1) }) else { return false }
        glClearColor(Float(c.red), Float(c.green), Float(c.blue), 1)
        for q in pieces {
            applyScissor(q)
            gpu("clear (opaque colour)", pixels: Int(q.width * q.height)) { glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
            draws += 1
            painted += Int(q.width * q.height)
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        return true
    }

    /// The shape's and the clip's covers into the program's four slots (sent again only when
    /// they changed since its last draw); the atlas pages they read bound to units 1…4.
    private func setCovers(_ given: [Cover], _ p: PaintProgram) {
        let list = given.count <= 4 ? given : Array(given.prefix(4))
        var switched = false
        for (slot, c) in list.enumerated() {
            // Units 1…4 hold atlas pages only: bound again only when another page is needed.
            if let page = c.page, boundPages[slot] != renderer.atlas.pages[page] {
                boundPages[slot] = renderer.atlas.pages[page]
                glActiveTexture(GLenum(GL_TEXTURE1 + Int32(slot)))
                glBindTexture(GLenum(GL_TEXTURE_2D), boundPages[slot])
                switched = true
            }
        }
        if switched { glActiveTexture(GLenum(GL_TEXTURE0)) }
        guard list != p.lastCovers else { return }
        p.lastCovers = list
        var boxes = CoverUniforms(), cornerBoxes = CoverUniforms(), cornerSizes = CoverUniforms(), inners = CoverUniforms()
        var offsets = CoverUniforms()
        var edges = [(Float, Float, Float, Float)](repeating: (0, 0, 1e9, 0), count: 16)
        for (slot, c) in list.enumerated() {
            switch c {
            case .full: break
            case .box(let r):
                boxes.set(slot, r)
            case .atlas(_, let ox, let oy, _):
                offsets.set(slot * 2 / 4, slot * 2 % 4, Float(ox), Float(oy))
            case .corners(let outer, let inner, _, let ax, let ay, let cw, let ch, let b):
                boxes.set(slot, outer)
                cornerBoxes.set(slot, b)
                cornerSizes.set(slot, Float(cw), Float(ch), Float(ax), Float(ay))
                if let i = inner, !i.isEmpty { inners.set(slot, i) }
            case .convex(let e, _):
                for k in 0..<4 {
                    // A missing edge is a half-plane that holds every pixel.
                    let i = k * 3
                    if i + 2 < e.count { edges[slot * 4 + k] = (Float(e[i]), Float(e[i + 1]), Float(e[i + 2]), 0) }
                    else { edges[slot * 4 + k] = (0, 0, 1e9, 0) }
                }
            }
        }
        boxes.send(p.box); cornerBoxes.send(p.cornerBox); cornerSizes.send(p.cornerSize); inners.send(p.inner)
        offsets.send2(p.atlasOffset)
        if list.contains(where: { if case .convex = $0 { return true }; return false }) {
            edges.withUnsafeBytes { glUniform4fv(p.edges, 16, $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
        }
    }

    private func setPaint(_ paint: QuadPaint, _ p: PaintProgram) {
        func premultiplied(_ c: Color) {
            let v = (Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha))
            guard v != p.lastColor else { return }
            p.lastColor = v
            glUniform4f(p.color, v.0, v.1, v.2, v.3)
        }
        func texture(_ t: GLTexture, _ map: TexelMap) {
            // Unit 0 is the active one (`setCovers` goes back to it).
            glBindTexture(GLenum(GL_TEXTURE_2D), t.id)
            // Column-major: GLSL's mat3 from the row-major 3×3.
            let m = map.rows
            var columns: (Float, Float, Float, Float, Float, Float, Float, Float, Float) =
                (Float(m.0), Float(m.3), Float(m.6), Float(m.1), Float(m.4), Float(m.7), Float(m.2), Float(m.5), Float(m.8))
            withUnsafeBytes(of: &columns) { glUniformMatrix3fv(p.texMatrix, 1, GLboolean(GL_FALSE), $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
            glUniform2f(p.texSize, Float(t.width), Float(t.height))
        }
        switch paint {
        case .color(let c):
            premultiplied(c)
        case .gradient(let g, let toDevice):
            setGradient(g, toDevice, p)
        case .image(let t, let toTexel, let fetch, let saturation, let limit):
            texture(t, toTexel)
            glUniform1i(p.texFetch, fetch ? 1 : 0)
            glUniform1f(p.saturation, Float(saturation))
            glUniform2f(p.limit, Float(limit.0), Float(limit.1))
        case .mask(let t, let toTexel, let tint):
            texture(t, toTexel)
            switch tint {
            case .color(let c):
                glUniform1i(p.maskGradient, 0)
                premultiplied(c)
            case .gradient(let g, let toDevice):
                glUniform1i(p.maskGradient, 1)
                setGradient(g, toDevice, p)
            }
        case .pixelate(let t, let ox, let oy, let block, let limit):
            texture(t, .identity)
            glUniform4f(p.pixelate, Float(ox), Float(oy), Float(block), 0)
            glUniform2f(p.limit, Float(limit.0), Float(limit.1))
        case .projected(let t, let toLayer, let limit):
            texture(t, toLayer)
            glUniform2f(p.limit, Float(limit.0), Float(limit.1))
        case .crossfade(let under, let over, let opacity, let toDevice):
            setGradient(under, toDevice, p)
            setGradient(over, toDevice, p, second: true)
            glUniform1f(p.opacity2, Float(opacity))
        case .layer(let t, let ox, let oy):
            texture(t, .identity)
            glUniform4f(p.pixelate, Float(ox), Float(oy), 1, 0)
        }
    }

    /// t(p) = dot(G⁻¹p − start, d) / |d|², as a linear function of the device pixel p.
    private func setGradient(_ g: LinearGradient, _ toDevice: AffineTransform, _ p: PaintProgram, second: Bool = false) {
        let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
        let l2 = dx * dx + dy * dy
        let inv = toDevice.inverted() ?? .identity
        var gx = 0.0, gy = 0.0, gc = 0.0
        if l2 > 0 {
            gx = (inv.a * dx + inv.b * dy) / l2
            gy = (inv.c * dx + inv.d * dy) / l2
            gc = ((inv.tx - g.start.x) * dx + (inv.ty - g.start.y) * dy) / l2
        }
        glUniform3f(second ? p.grad2 : p.grad, Float(gx), Float(gy), Float(gc))
        let stops = GLWalk.stops(g.stops)
        glUniform1i(second ? p.stops2 : p.stops, GLint(stops.count))
        glUniform1fv(second ? p.stopAt2 : p.stopAt, GLsizei(stops.count), stops.map { Float($0.offset) })
        glUniform4fv(second ? p.stopColor2 : p.stopColor, GLsizei(stops.count), stops.flatMap { [Float($0.color.red), Float($0.color.green), Float($0.color.blue), Float($0.color.alpha)] })
    }

    /// The stops sorted and clamped to 0…1, at most eight (more are resampled evenly).
    static func stops(_ given: [GradientStop]) -> [GradientStop] {
        var s = given.map { GradientStop(min(max($0.offset, 0), 1), $0.color) }.sorted { $0.offset < $1.offset }
        if s.isEmpty { s = [GradientStop(0, Color(red: 0, green: 0, blue: 0, alpha: 0))] }
        guard s.count > 8 else { return s }
        return (0..<8).map { i in s[i * (s.count - 1) / 7] }
    }
}
