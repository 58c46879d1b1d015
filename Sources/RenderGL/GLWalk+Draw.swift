import CGLES
import Effects
import Geometry
import Render

/// What a quad is painted with.
enum QuadPaint {
    case color(Color)
    /// A linear gradient given in a space that `toDevice` maps to device pixels.
    case gradient(LinearGradient, toDevice: AffineTransform)
    /// A picture: `toTexel` maps a device pixel centre to texel coordinates (projectively);
    /// `fetch` reads whole texels (1:1 or nearest); `limit` the texels in use.
    case image(GLTexture, toTexel: [Double], fetch: Bool, saturation: Double, limit: (Int, Int))
    /// An alpha mask (red channel) tinting a colour or a gradient.
    case mask(GLTexture, toTexel: [Double], tint: QuadPaintTint)
    /// A layer's pixels pixelated in blocks of `block` device pixels from its origin.
    case pixelate(GLTexture, originX: Int, originY: Int, block: Double, limit: (Int, Int))
    /// A layer's pixels as they are, its texel (0, 0) at device (originX, originY).
    case layer(GLTexture, originX: Int, originY: Int)
    /// A layer through a projection: `toLayer` maps device pixel centres to its pixels.
    case projected(GLTexture, toLayer: [Double], limit: (Int, Int))
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
        case .color(let c): drawQuad(bounds, cover: cover, paint: .color(c), opacity: opacity)
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
        let p = renderer.paintProgram
        glUseProgram(p.id)
        glUniform4f(p.uniform("uQuad"), Float(q.minX), Float(q.minY), Float(q.maxX), Float(q.maxY))
        glUniform4f(p.uniform("uFrame"), Float(target.originX), Float(target.originY), Float(target.height), target.flipped ? 1 : 0)
        glUniform2f(p.uniform("uTargetSize"), Float(target.width), Float(target.height))
        glUniform1f(p.uniform("uOpacity"), Float(min(opacity, 1)))
        setPaint(paint, p)
        setCovers([cover] + clip.covers, p)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    private func setCovers(_ list: [Cover], _ p: GLProgram) {
        var modes = [GLint](repeating: 0, count: 4)
        var boxes = [Float](repeating: 0, count: 16)
        var offsets = [Float](repeating: 0, count: 8)
        var cornerBoxes = [Float](repeating: 0, count: 16), cornerSizes = [Float](repeating: 0, count: 16)
        var inners = [Float](repeating: 0, count: 16)
        for (slot, c) in list.prefix(4).enumerated() {
            switch c {
            case .full: break
            case .box(let r):
                modes[slot] = 1
                boxes.replaceSubrange(slot * 4..<slot * 4 + 4, with: [Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY)])
            case .atlas(let page, let ox, let oy, _):
                modes[slot] = 2
                offsets[slot * 2] = Float(ox); offsets[slot * 2 + 1] = Float(oy)
                glActiveTexture(GLenum(GL_TEXTURE1 + Int32(slot)))
                glBindTexture(GLenum(GL_TEXTURE_2D), renderer.atlas.pages[page])
            case .corners(let outer, let inner, let page, let ax, let ay, let cw, let ch, let b):
                modes[slot] = 3
                boxes.replaceSubrange(slot * 4..<slot * 4 + 4, with: [Float(outer.minX), Float(outer.minY), Float(outer.maxX), Float(outer.maxY)])
                cornerBoxes.replaceSubrange(slot * 4..<slot * 4 + 4, with: [Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY)])
                cornerSizes.replaceSubrange(slot * 4..<slot * 4 + 4, with: [Float(cw), Float(ch), Float(ax), Float(ay)])
                if let i = inner, !i.isEmpty {
                    inners.replaceSubrange(slot * 4..<slot * 4 + 4, with: [Float(i.minX), Float(i.minY), Float(i.maxX), Float(i.maxY)])
                }
                if cw > 0 {
                    glActiveTexture(GLenum(GL_TEXTURE1 + Int32(slot)))
                    glBindTexture(GLenum(GL_TEXTURE_2D), renderer.atlas.pages[page])
                }
            }
        }
        glUniform4fv(p.uniform("uCornerBox"), 4, cornerBoxes)
        glUniform4fv(p.uniform("uCornerSize"), 4, cornerSizes)
        glUniform4fv(p.uniform("uInner"), 4, inners)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glUniform1iv(p.uniform("uCover"), 4, modes)
        glUniform4fv(p.uniform("uBox"), 4, boxes)
        glUniform2fv(p.uniform("uAtlasOffset"), 4, offsets)
    }

    private func setPaint(_ paint: QuadPaint, _ p: GLProgram) {
        func premultiplied(_ c: Color) { glUniform4f(p.uniform("uColor"), Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha)) }
        func texture(_ t: GLTexture, _ toTexel: [Double]) {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), t.id)
            // Column-major: GLSL's mat3 from the row-major 3×3.
            let m = toTexel.map(Float.init)
            let columns: [Float] = [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]]
            glUniformMatrix3fv(p.uniform("uTexMatrix"), 1, GLboolean(GL_FALSE), columns)
            glUniform2f(p.uniform("uTexSize"), Float(t.width), Float(t.height))
        }
        switch paint {
        case .color(let c):
            glUniform1i(p.uniform("uPaint"), 0)
            premultiplied(c)
        case .gradient(let g, let toDevice):
            glUniform1i(p.uniform("uPaint"), 1)
            setGradient(g, toDevice, p)
        case .image(let t, let toTexel, let fetch, let saturation, let limit):
            glUniform1i(p.uniform("uPaint"), 2)
            texture(t, toTexel)
            glUniform1i(p.uniform("uTexFetch"), fetch ? 1 : 0)
            glUniform1f(p.uniform("uSaturation"), Float(saturation))
            glUniform2f(p.uniform("uLimit"), Float(limit.0), Float(limit.1))
        case .mask(let t, let toTexel, let tint):
            glUniform1i(p.uniform("uPaint"), 3)
            texture(t, toTexel)
            switch tint {
            case .color(let c):
                glUniform1i(p.uniform("uMaskGradient"), 0)
                premultiplied(c)
            case .gradient(let g, let toDevice):
                glUniform1i(p.uniform("uMaskGradient"), 1)
                setGradient(g, toDevice, p)
            }
        case .pixelate(let t, let ox, let oy, let block, let limit):
            glUniform1i(p.uniform("uPaint"), 4)
            texture(t, GLWalk.identity3)
            glUniform4f(p.uniform("uPixelate"), Float(ox), Float(oy), Float(block), 0)
            glUniform2f(p.uniform("uLimit"), Float(limit.0), Float(limit.1))
        case .projected(let t, let toLayer, let limit):
            glUniform1i(p.uniform("uPaint"), 6)
            texture(t, toLayer)
            glUniform2f(p.uniform("uLimit"), Float(limit.0), Float(limit.1))
        case .layer(let t, let ox, let oy):
            glUniform1i(p.uniform("uPaint"), 5)
            texture(t, GLWalk.identity3)
            glUniform4f(p.uniform("uPixelate"), Float(ox), Float(oy), 1, 0)
        }
    }

    static let identity3: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    /// t(p) = dot(G⁻¹p − start, d) / |d|², as a linear function of the device pixel p.
    private func setGradient(_ g: LinearGradient, _ toDevice: AffineTransform, _ p: GLProgram) {
        let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
        let l2 = dx * dx + dy * dy
        let inv = toDevice.inverted() ?? .identity
        var gx = 0.0, gy = 0.0, gc = 0.0
        if l2 > 0 {
            gx = (inv.a * dx + inv.b * dy) / l2
            gy = (inv.c * dx + inv.d * dy) / l2
            gc = ((inv.tx - g.start.x) * dx + (inv.ty - g.start.y) * dy) / l2
        }
        glUniform3f(p.uniform("uGrad"), Float(gx), Float(gy), Float(gc))
        let stops = GLWalk.stops(g.stops)
        glUniform1i(p.uniform("uStops"), GLint(stops.count))
        glUniform1fv(p.uniform("uStopAt"), GLsizei(stops.count), stops.map { Float($0.offset) })
        glUniform4fv(p.uniform("uStopColor"), GLsizei(stops.count), stops.flatMap { [Float($0.color.red), Float($0.color.green), Float($0.color.blue), Float($0.color.alpha)] })
    }

    /// The stops sorted and clamped to 0…1, at most eight (more are resampled evenly).
    static func stops(_ given: [GradientStop]) -> [GradientStop] {
        var s = given.map { GradientStop(min(max($0.offset, 0), 1), $0.color) }.sorted { $0.offset < $1.offset }
        if s.isEmpty { s = [GradientStop(0, Color(red: 0, green: 0, blue: 0, alpha: 0))] }
        guard s.count > 8 else { return s }
        return (0..<8).map { i in s[i * (s.count - 1) / 7] }
    }
}
