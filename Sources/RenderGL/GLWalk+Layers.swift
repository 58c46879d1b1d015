import CGLES
import Geometry
import Render
import Pixels

/// An open layer: where its content goes and how it comes back (`CairoRenderer+Layers`' rules).
struct OpenLayer {
    enum Kind { case passthrough, group(Double), pixelate(Double), projection(Projection), shadow(Color, Double, Point) }
    let kind: Kind
    /// The target and clip depth to go back to.
    let parent: DrawTarget
    let clipDepth: Int
    /// The layer's device pixels (whole), its framebuffer in the draw pass.
    let region: Rect
    var framebuffer: GLFramebuffer?
    /// The user → device matrix when it opened.
    let matrix: AffineTransform
    /// Projection: the projected quad's cover and device → layer-pixel mapping.
    var projected: (cover: Cover, toLayer: Projection)?
    /// A drop shadow's key among the kept layers, when it is to be kept once drawn.
    var keepKey: KeptLayers.Key?
}

extension GLWalk {
    /// Opens a layer; false when nothing of it can show (its commands are then skipped).
    func openLayer(_ index: Int, _ effect: LayerEffect, bounds: Rect) -> Bool {
        switch effect {
        case .opacity(let a):
            if a >= 1 { return open(.passthrough, region: .zero, clipDepth: clips.count) }
            guard a > 0 else { return false }
            let depth = clips.count
            // The group covers the clip's extent: clipped to the layer first, as Cairo's.
            pushClip(index, .rect(bounds))
            let region = clip.scissor.intersection(target.rect)
            guard !region.isEmpty else { clips.removeLast(clips.count - depth); return false }
            return open(.group(a), region: region, clipDepth: depth)
        case .pixelate(let size):
            if !(size > 1) { return open(.passthrough, region: .zero, clipDepth: clips.count) }
            return offscreen(index, .pixelate(size), bounds: bounds)
        case .projection(let p):
            if p.isIdentity { return open(.passthrough, region: .zero, clipDepth: clips.count) }
            return offscreen(index, .projection(p), bounds: bounds)
        case .dropShadow(let color, let radius, let offset):
            let pad = max(radius, 0) * 1.5 + 2
            return offscreen(index, .shadow(color, radius, offset), bounds: bounds.insetBy(dx: -pad, dy: -pad), effect: effect)
        }
    }

    private func open(_ kind: OpenLayer.Kind, region: Rect, clipDepth: Int, projected: (Cover, Projection)? = nil,
                      keepKey: KeptLayers.Key? = nil) -> Bool {
        var layer = OpenLayer(kind: kind, parent: target, clipDepth: clipDepth, region: region, matrix: m,
                              projected: projected.map { (cover: $0.0, toLayer: $0.1) }, keepKey: keepKey)
        if case .passthrough = kind { layers.append(layer); return true }
        if pass == .draw {
            let fb = renderer.framebuffers.take(width: Int(region.width), height: Int(region.height))
            layer.framebuffer = fb
            bind(DrawTarget(framebuffer: fb.id, originX: Int(region.minX), originY: Int(region.minY),
                            width: Int(region.width), height: Int(region.height), flipped: false))
        } else {
            target = DrawTarget(framebuffer: 0, originX: Int(region.minX), originY: Int(region.minY),
                                width: Int(region.width), height: Int(region.height), flipped: false)
        }
        layers.append(layer)
        return true
    }

    /// A layer drawn on its own whole device pixels, without the parent's clip (applied when it
    /// comes back); nil-op when it lands outside the clip.
    private func offscreen(_ index: Int, _ kind: OpenLayer.Kind, bounds: Rect, effect: LayerEffect? = nil) -> Bool {
        let device = m.apply(bounds).integral()
        var reach = device
        var projected: (Cover, Projection)?
        if case .projection(let p) = kind {
            let parentM = Projection(m)
            guard let toUser = parentM.inverted() else { return false }
            let pixelToDevice = Projection([1, 0, device.minX, 0, 1, device.minY, 0, 0, 1])
            let q = pixelToDevice.concatenating(toUser).concatenating(p).concatenating(parentM)
            let w = device.width, h = device.height
            let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].compactMap { q.apply($0) }
            guard corners.count == 4, let inverse = q.inverted() else { return false }
            reach = Rect.bounding(corners)
            // The projected quad is convex (every corner is in front): its edges analytically.
            guard let cover = Cover.convex(corners) ?? placed(index, { ([corners], .zero) }) else { return false }
            projected = (cover, inverse)
        }
        if case .shadow(_, let radius, let offset) = kind {
            let ds = abs(m.determinant).squareRoot()
            reach = reach.union(reach.offsetBy(dx: offset.x * ds, dy: offset.y * ds)).insetBy(dx: -radius * ds, dy: -radius * ds)
        }
        guard reach.intersects(clip.scissor), !device.isEmpty else { return false }
        var region = device
        let limit = Double(renderer.maxTextureSize)
        if region.width > limit || region.height > limit {
            // Larger than a texture: only the part near what shows.
            region = region.intersection(clip.scissor.insetBy(dx: -256, dy: -256))
            guard region.width <= limit, region.height <= limit, !region.isEmpty else { return false }
        }
        var keepKey: KeptLayers.Key?
        if case .shadow(let color, _, let offset) = kind, let effect, let end = list.matchingPop(from: index) {
            keepKey = KeptLayers.key(list, start: index, end: end, effect: effect, bounds: bounds, m: m, region: region)
            // Drawn before and kept: composited from its textures, its commands skipped. The
            // plan's finding stands for the draw (the cache may let it go in between).
            if pass == .plan, let key = keepKey, let kept = renderer.keptLayers.find(key, frame: renderer.frame) { keptFound[index] = kept }
            if let kept = keptFound[index] {
                if pass == .draw {
                    drawShadowed(kept.layer.texture, mask: kept.mask.texture, region: region, color: color, offset: offset,
                                 ds: abs(m.determinant).squareRoot())
                }
                return false
            }
        }
        let depth = clips.count
        clips.append(Clip(scissor: region, covers: []))
        return open(kind, region: region, clipDepth: depth, projected: projected, keepKey: keepKey)
    }

    func closeLayer() {
        guard let layer = layers.popLast() else { return }
        if case .passthrough = layer.kind { return }
        let ds = abs(layer.matrix.determinant).squareRoot()
        target = layer.parent
        // A group composites inside its own clip (the layer's bounds), then drops it.
        if case .group = layer.kind {} else { clips.removeLast(clips.count - layer.clipDepth) }
        if pass == .draw, let fb = layer.framebuffer {
            bind(layer.parent)
            if !composite(layer, fb, ds: ds) { renderer.framebuffers.give(fb) }
        }
        clips.removeLast(clips.count - layer.clipDepth)
    }

    /// Draws the layer into its parent; true when its framebuffer was kept (a drop shadow's).
    private func composite(_ layer: OpenLayer, _ fb: GLFramebuffer, ds: Double) -> Bool {
        let r = layer.region
        let ox = Int(r.minX), oy = Int(r.minY), w = Int(r.width), h = Int(r.height)
        switch layer.kind {
        case .passthrough: return false
        case .group(let a):
            drawQuad(r, cover: .full, paint: .layer(fb.texture, originX: ox, originY: oy), opacity: a)
        case .pixelate(let size):
            drawQuad(r, cover: .full, paint: .pixelate(fb.texture, originX: ox, originY: oy, block: size * ds, limit: (w, h)), opacity: 1)
        case .projection:
            guard let (cover, toLayer) = layer.projected, let b = cover.bounds else { return false }
            drawQuad(b, cover: cover, paint: .projected(fb.texture, toLayer: TexelMap(toLayer), limit: (w, h)), opacity: 1)
        case .shadow(let color, let radius, let offset):
            let mask = blurredAlpha(fb, width: w, height: h, sigma: max(radius, 0) / 2 * ds)
            bind(layer.parent)
            drawShadowed(fb.texture, mask: mask.texture, region: r, color: color, offset: offset, ds: ds)
            // Kept unless a mask stood in for one it will have once settled.
            if let key = layer.keepKey, !renderer.textMasks.settling, !renderer.shadows.settling {
                renderer.keptLayers.keep(fb, mask: mask, for: key, frame: renderer.frame)
                return true
            }
            renderer.framebuffers.give(mask, r8: true)
        }
        return false
    }

    /// A layer's blurred silhouette `mask` in `color`, moved by `offset` points, then the layer
    /// itself, their texel (0, 0) at the device pixel at the corner of `region`.
    func drawShadowed(_ layer: GLTexture, mask: GLTexture, region r: Rect, color: Color, offset: Point, ds: Double) {
        let ox = Int(r.minX), oy = Int(r.minY)
        let mx = Double(ox) + offset.x * ds, my = Double(oy) + offset.y * ds
        drawQuad(Rect(x: mx, y: my, width: r.width, height: r.height), cover: .full,
                 paint: .mask(mask, toTexel: .offset(mx, my), tint: .color(color)), opacity: 1)
        drawQuad(r, cover: .full, paint: .layer(layer, originX: ox, originY: oy), opacity: 1)
    }

    /// The layer's alpha blurred by `BoxBlur`'s three box passes (rows, then columns, each),
    /// in an R8 framebuffer.
    private func blurredAlpha(_ layer: GLFramebuffer, width w: Int, height h: Int, sigma: Double) -> GLFramebuffer {
        let pool = renderer.framebuffers
        var source = layer, channel: GLint = 3
        var spare: GLFramebuffer? = nil
        let p = renderer.blurProgram
        glUseProgram(p.id)
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glUniform2f(p.uniform("uTexSize"), Float(w), Float(h))
        var steps: [(Int, Int, Int)] = [(1, 0, 0)]   // a copy of the alpha when nothing blurs
        if sigma > 0.2 {
            steps = BoxBlur.boxWidths(sigma: sigma).filter { $0 > 1 }.flatMap { [(1, 0, $0 / 2), (0, 1, $0 / 2)] }
            if steps.isEmpty { steps = [(1, 0, 0)] }
        }
        for (dx, dy, radius) in steps {
            let out = spare ?? pool.take(width: w, height: h, r8: true)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), out.id)
            glViewport(0, 0, GLsizei(w), GLsizei(h))
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), source.texture.id)
            glUniform2i(p.uniform("uDirection"), GLint(dx), GLint(dy))
            glUniform1i(p.uniform("uRadius"), GLint(radius))
            glUniform1i(p.uniform("uChannel"), channel)
            gpu("blur pass", pixels: w * h) { glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4) }
            painted += w * h
            spare = source === layer ? nil : source
            source = out
            channel = 0
        }
        if let spare { pool.give(spare, r8: true) }
        glEnable(GLenum(GL_BLEND))
        currentProgram = 0
        return source
    }
}
