import CGLES
import FoundationEssentials
import Geometry
import Render

/// One frame's walk of a display list, twice: `.plan` places the coverage of every outline in
/// the atlas (no drawing), `.draw` draws. Both keep the same transform, clip and layer stacks,
/// so the draw finds each command's cover where the plan left it.
final class GLWalk {
    enum Pass { case plan, draw }
    /// The clip: a whole-pixel scissor (device pixels) and up to three coverages.
    struct Clip { var scissor: Rect; var covers: [Cover] }

    let renderer: GLRenderer
    let list: DisplayList
    let scale: Double
    var pass = Pass.plan
    var transforms: [AffineTransform] = []
    var clips: [Clip] = []
    var layers: [OpenLayer] = []
    /// Where draws go now: the frame, or a layer's framebuffer.
    var target: DrawTarget
    let frameTarget: DrawTarget
    let area: Rect
    /// Each command's cover, by its index (the plan's, read by the draw).
    var covers: [Int: Cover] = [:]
    /// Photos drawn, for `ImageCache.endFrame`.
    var uses: [ImageUse] = []
    var clipsDropped = 0
    /// Quads drawn this frame.
    var draws = 0
    /// The command being walked.
    var current = 0
    /// Pixels painted this frame (quads, clears, blur passes): what its fill costs.
    var painted = 0
    /// The atlas page bound to each of texture units 1…4 (0: not known).
    var boundPages: [GLuint] = [0, 0, 0, 0]
    /// Quads and pixels when the GPU was last handed its work.
    var flushedAt = (draws: 0, painted: 0)
    /// The share of the area that the list's opaque commands hide (from `begin`).
    var hiddenShare = 0.0
    /// Drop-shadow layers the plan found kept, by the index of their `pushLayer`.
    var keptFound: [Int: KeptLayers.Kept] = [:]
    /// Device pixels each command drawn straight into the frame paints opaquely (the plan's).
    var occluders: [(index: Int, rect: Rect)] = []
    /// The program in use (set again only when it changes).
    var currentProgram: GLuint = 0
    /// The covers of the quad being drawn (see `drawQuad`).
    var quadCovers: [Cover] = []

    init(renderer: GLRenderer, list: DisplayList, target: GLTarget, scale: Double, area: Rect) {
        self.renderer = renderer
        self.list = list
        self.scale = scale
        self.area = area
        frameTarget = DrawTarget(framebuffer: target.framebuffer, originX: 0, originY: 0, width: target.width, height: target.height,
                                 flipped: target.flipped)
        self.target = frameTarget
    }

    var m: AffineTransform { transforms.last ?? .identity }
    var clip: Clip { clips.last ?? Clip(scissor: area, covers: []) }

    /// Clears the damaged area to `background` at once (before the plan, so that the GPU
    /// clears while the CPU plans).
    func clearEarly(_ background: Color) {
        bind(frameTarget)
        clear([area], to: background)
    }

    /// Starts the draw pass: clears the damaged area to `background`, less what the list covers
    /// opaquely, unless `cleared` early; notes the share of the area the list hides.
    func begin(background: Color, cleared: Bool) {
        bind(frameTarget)
        let pieces = GLWalk.cut(area, by: occluders.map(\.rect))
        hiddenShare = 1 - pieces.reduce(0) { $0 + $1.width * $1.height } / (area.width * area.height)
        if !cleared { clear(pieces, to: background) }
        glActiveTexture(GLenum(GL_TEXTURE0))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        currentProgram = 0
        for p in renderer.paintPrograms.all { p.forget() }
    }

    private func clear(_ pieces: [Rect], to c: Color) {
        glClearColor(Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha))
        for piece in pieces {
            // The whole frame clears without a scissor (a driver's fast clear); parts with one.
            if piece == frameTarget.rect { glDisable(GLenum(GL_SCISSOR_TEST)) } else { applyScissor(piece) }
            painted += Int(piece.width * piece.height)
            gpu("clear (background)", pixels: Int(piece.width * piece.height)) { glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// A profile's name for a command's kind.
    static func kind(_ c: DrawCommand) -> String {
        switch c {
        case .fill: return "fill"
        case .stroke: return "stroke"
        case .image: return "image"
        case .text: return "text"
        case .shadow: return "shadow"
        case .pushClip, .popClip: return "clip"
        case .pushTransform, .popTransform: return "transform"
        case .pushLayer, .popLayer: return "layer"
        }
    }

    /// Whether `paint` is opaque wherever it paints.
    static func isOpaque(_ paint: Paint) -> Bool {
        switch paint {
        case .color(let c): return c.alpha >= 1
        case .linearGradient(let g): return !g.stops.isEmpty && g.stops.allSatisfy { $0.color.alpha >= 1 }
        }
    }

    func run(_ pass: Pass) {
        self.pass = pass
        transforms = [AffineTransform.scale(scale, scale)]
        clips = [Clip(scissor: area, covers: [])]
        layers = []
        target = frameTarget
        var index = 0
        let commands = list.commands
        // With a profile: each command's CPU time, by its kind (a command's time ends when the next starts).
        let profiling = renderer.profilesGPU
        var timed: (kind: String, since: ContinuousClock.Instant)?
        defer { if let timed { renderer.profile.addCPU(timed.kind, .now - timed.since) } }
        while index < commands.count {
            let i = index
            index += 1
            current = i
            if profiling {
                let now = ContinuousClock.now
                if let timed { renderer.profile.addCPU(timed.kind, now - timed.since) }
                timed = ((pass == .plan ? "CPU plan: " : "CPU draw: ") + GLWalk.kind(commands[i]), now)
            }
            switch commands[i] {
            case .fill(let shape, let paint, let opacity):
                guard opacity > 0, let cover = shapeCover(i, shape) else { break }
                if pass == .plan, opacity >= 1, GLWalk.isOpaque(paint) { noteOccluder(i, cover) }
                // Two gradients over the same box, the second fading (a cross-fade): one pass.
                if case .box = cover, case .linearGradient(let under) = paint, opacity >= 1, index < commands.count,
                   case .fill(shape, .linearGradient(let over), let fade) = commands[index], fade > 0 {
                    index += 1
                    if pass == .draw, let b = cover.bounds {
                        drawQuad(b, cover: cover, paint: .crossfade(under, over, opacity: min(fade, 1), toDevice: m), opacity: 1)
                    }
                    break
                }
                if pass == .draw { fill(cover, paint: paint, opacity: opacity) }
            case .stroke(let shape, let paint, let width):
                guard width > 0, let cover = strokeCover(i, shape, width: width) else { break }
                if pass == .draw { fill(cover, paint: paint, opacity: 1) }
            case .image(let d):
                image(i, d)
            case .text(let layout, let origin, let paint):
                if pass == .draw { text(layout, origin: origin, paint: paint) }
            case .shadow(let shape, let color, let blur, let offset):
                if pass == .draw { shadow(shape, color: color, blur: blur, offset: offset, hole: hiddenByNext(i, shape)) }
            case .pushClip(let shape):
                pushClip(i, shape)
            case .popClip:
                if clips.count > 1 { clips.removeLast() }
            case .pushTransform(let t):
                transforms.append(t.concatenating(m))
            case .popTransform:
                if transforms.count > 1 { transforms.removeLast() }
            case .pushLayer(let effect, let bounds):
                if !openLayer(i, effect, bounds: bounds) {
                    // Nothing of it can show: skip to its end.
                    guard let end = list.matchingPop(from: i) else { return }
                    index = end + 1
                }
            case .popLayer:
                closeLayer()
            }
        }
        while !layers.isEmpty { closeLayer() }
    }

    /// The device pixels that the command after `index` will paint over opaquely, when it is
    /// an opaque fill of `shape` (a card's own fill after its shadow, perhaps inside a clip to
    /// the card): the shape's interior clear of its corners, on whole pixels. Nothing under a
    /// clip's coverage.
    func hiddenByNext(_ index: Int, _ shape: Shape) -> Rect? {
        // Clips to the shape itself change nothing inside it: look past them.
        var next = index + 1
        while next < list.commands.count, case .pushClip(let c) = list.commands[next], c == shape { next += 1 }
        guard next < list.commands.count, clip.covers.isEmpty,
              case .fill(let filled, let paint, let opacity) = list.commands[next], filled == shape, opacity >= 1 else { return nil }
        switch paint {
        case .color(let c) where c.alpha >= 1: break
        case .linearGradient(let g) where !g.stops.isEmpty && g.stops.allSatisfy({ $0.color.alpha >= 1 }): break
        default: return nil
        }
        var inset = 0.0
        switch shape {
        case .rect: break
        case .roundedRect(let r, let radius, let style): inset = GLWalk.cornerExtent(r, radius: radius, style: style)
        default: return nil
        }
        let r = shape.bounds.insetBy(dx: inset, dy: inset)
        guard r.width > 0, r.height > 0, let box = deviceBox(r) else { return nil }
        // Whole pixels inside it.
        let x0 = box.minX.rounded(.up), y0 = box.minY.rounded(.up), x1 = box.maxX.rounded(.down), y1 = box.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(clip.scissor)
    }

    // MARK: Covers

    /// The cover of `shape` filled under the current transform: a box for an axis-aligned
    /// rectangle, else its polygon in the atlas; nil when nothing of it is inside the clip.
    func shapeCover(_ index: Int, _ shape: Shape) -> Cover? {
        if case .rect(let r) = shape, let box = deviceBox(r) {
            return box.intersects(clip.scissor) ? .box(box) : nil
        }
        if case .roundedRect(let r, let radius, let style) = shape, let box = deviceBox(r) {
            return cornered(index, shape, outer: box, inner: nil, extent: GLWalk.cornerExtent(r, radius: radius, style: style), width: nil)
        }
        if case .rect(let r) = shape, let c = Cover.convex([Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)].map(m.apply)) {
            // A turned rectangle: its four edges, analytically.
            return c.bounds.map { $0.intersects(clip.scissor) } == true ? c : nil
        }
        return placed(index) { renderer.flattener.outline(shape, m) }
    }

    /// How far along each edge a rounded rectangle's corner reaches, in points (`ShapePath`'s rule).
    static func cornerExtent(_ r: Rect, radius: Double, style: CornerStyle) -> Double {
        let limit = min(r.width, r.height) / 2
        guard radius > 0, limit > 0 else { return 0 }
        switch style {
        case .circular: return min(radius, limit)
        case .continuous: return min(ShapePath.continuousExtent * min(radius, limit / ShapePath.continuousExtent), limit)
        }
    }

    /// A rounded rectangle (or its stroke, `width` points wide) on the pixel grid: exact box
    /// coverage on its straight parts, the atlas only for its corners; nil when nothing shows.
    /// Falls back to the whole outline in the atlas when the corners would overlap.
    func cornered(_ index: Int, _ shape: Shape, outer: Rect, inner: Rect?, extent: Double, width: Double?) -> Cover? {
        if pass == .draw { return covers[index] }
        let bounds = outer.integral()
        guard bounds.intersects(clip.scissor) else { return nil }
        let sx = abs(m.a), sy = abs(m.d)
        let reach = extent + (width ?? 0)
        let cw = reach > 0 ? Int((outer.minX + reach * sx).rounded(.up)) - Int(bounds.minX) : 0
        let ch = reach > 0 ? Int((outer.minY + reach * sy).rounded(.up)) - Int(bounds.minY) : 0
        // The outline's stroke width in device pixels (nil: the fill's outline).
        let strokeWidth = width.map { $0 * (sx * sy).squareRoot() }
        let placed: Cover?
        if width == nil, cw > 0, case .roundedRect(let r, let radius, let style) = shape {
            // A fill: its corners from the one flattened corner curve, mirrored; found again
            // for every row of a list at the same phase.
            let key = CoverageAtlas.CornerKey(r, radius: radius, style: style, reach: extent, sx: sx, sy: sy, outer: outer, bounds: bounds,
                                              cw: cw, ch: ch)
            placed = renderer.atlas.placeCorners(key, bounds: bounds, cw: cw, ch: ch, outer: outer) {
                let curve = renderer.corners.topLeft(r, radius: radius, style: style, reach: extent, sx: sx, sy: sy)
                return { box in [GLWalk.cornerPolygon(curve, of: outer, in: box)] }
            }
        } else {
            let contours = cw > 0 ? renderer.flattener.polygons(shape, m, strokeWidth: strokeWidth) : []
            placed = renderer.atlas.placeCorners(contours, bounds: bounds, cw: cw, ch: ch, outer: outer, inner: inner)
        }
        if let c = placed {
            covers[index] = c
            return c
        }
        let limit = clip.scissor
        let kept = renderer.flattener.outline(shape, m, strokeWidth: strokeWidth)
        guard let c = renderer.atlas.place(kept.polygons, by: kept.offset, within: limit) else { return nil }
        covers[index] = c
        return c
    }

    /// The cover of `shape` stroked `width` points wide.
    func strokeCover(_ index: Int, _ shape: Shape, width: Double) -> Cover? {
        // Rectangles and rounded rectangles on the pixel grid: rings.
        switch shape {
        case .rect(let r) where deviceBox(r) != nil, .roundedRect(let r, _, _) where deviceBox(r) != nil:
            let h = width / 2
            let outer = deviceBox(r.insetBy(dx: -h, dy: -h))!
            let inner = r.width > width && r.height > width ? deviceBox(r.insetBy(dx: h, dy: h)) : nil
            var extent = 0.0
            if case .roundedRect(_, let radius, let style) = shape { extent = GLWalk.cornerExtent(r, radius: radius, style: style) + h }
            if extent == 0 {
                // A rectangle's stroke (miter joins) is the outer box less the inner one.
                if pass == .draw { return covers[index] }
                guard outer.integral().intersects(clip.scissor) else { return nil }
                let c = Cover.corners(outer: outer, inner: inner, page: 0, atlasX: 0, atlasY: 0, cw: 0, ch: 0, bounds: outer.integral())
                covers[index] = c
                return c
            }
            return cornered(index, shape, outer: outer, inner: inner, extent: extent, width: width)
        default: break
        }
        let w = width * abs(m.determinant).squareRoot()
        return placed(index) { renderer.flattener.outline(shape, m, strokeWidth: w) }
    }

    /// The plan places the polygons `make` gives (kept ones and where they go) and notes the
    /// cover; the draw reads it.
    func placed(_ index: Int, _ make: () -> (polygons: [[Point]], offset: Point)) -> Cover? {
        if pass == .draw { return covers[index] }
        let limit = clip.scissor
        guard !limit.isEmpty else { return nil }
        let kept = make()
        guard let c = renderer.atlas.place(kept.polygons, by: kept.offset, within: limit) else { return nil }
        covers[index] = c
        return c
    }

    /// `r` in device pixels when the transform keeps it an axis-aligned rectangle.
    func deviceBox(_ r: Rect) -> Rect? {
        guard abs(m.b) < 1e-9, abs(m.c) < 1e-9 else { return nil }
        return m.apply(r)
    }

    /// What of a rounded rectangle `outer` (device pixels) lies in the corner box `box`: its
    /// corner curve (`curve`, the top-left one, mirrored to the box's corner) closed along the
    /// box's inner sides.
    static func cornerPolygon(_ curve: [Point], of outer: Rect, in box: Rect) -> [Point] {
        let right = box.midX > outer.midX, bottom = box.midY > outer.midY
        let cx = right ? outer.maxX : outer.minX, cy = bottom ? outer.maxY : outer.minY
        let ix = right ? box.minX : box.maxX, iy = bottom ? box.minY : box.maxY
        var polygon = curve.map { Point(right ? cx - $0.x : cx + $0.x, bottom ? cy - $0.y : cy + $0.y) }
        polygon += [Point(ix, cy), Point(ix, iy), Point(cx, iy)]
        return polygon
    }

    func pushClip(_ index: Int, _ shape: Shape) {
        var next = clip
        if case .rect(let r) = shape, let box = deviceBox(r) {
            let whole = box.integral()
            next.scissor = next.scissor.intersection(whole)
            // A box on whole pixels is the scissor alone.
            if !(whole == box) { next.covers.append(.box(box)) }
        } else if let c = shapeCover(index, shape), let b = c.bounds {
            next.scissor = next.scissor.intersection(b.integral())
            next.covers.append(c)
        } else {
            next.scissor = .zero
        }
        if next.covers.count > 3 {
            // The outermost clips stay as their bounds (in the scissor).
            next.covers.removeFirst(next.covers.count - 3)
            clipsDropped += 1
        }
        if next.scissor.isEmpty { next.scissor = .zero }
        clips.append(next)
    }
}
