import CGLES
import Geometry
import Render

/// Where a draw's coverage comes from: all of it, a device box (exact area), or an entry of the
/// coverage atlas. `bounds` are the device pixels it can touch.
enum Cover: Equatable {
    case full
    case box(Rect)
    /// Atlas page, and what to add to a device pixel to get its atlas texel.
    case atlas(page: Int, offsetX: Int, offsetY: Int, bounds: Rect)
    /// An axis-aligned rounded rectangle (or a ring: its stroke): box coverage of `outer` less
    /// `inner` except in the four corner boxes (cw × ch whole pixels at the corners of `bounds`),
    /// whose coverage is in one atlas entry of 2cw × 2ch at (atlasX, atlasY), a quadrant each.
    case corners(outer: Rect, inner: Rect?, page: Int, atlasX: Int, atlasY: Int, cw: Int, ch: Int, bounds: Rect)
    /// A convex polygon of at most four edges (a turned or projected rectangle), covered
    /// analytically: each edge's half-plane covers the pixel square exactly; where edges meet,
    /// the least of them. `edges`: (nx, ny, c) a edge, the unit normal pointing inside.
    case convex(edges: [Double], bounds: Rect)

    /// The cover of the convex quadrilateral `corners` (device pixels), or nil when it is not one.
    static func convex(_ corners: [Point]) -> Cover? {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let centre = Point(corners.reduce(0) { $0 + $1.x } / 4, corners.reduce(0) { $0 + $1.y } / 4)
        var edges: [Double] = []
        var turn = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) > 1e-9 {
                if turn == 0 { turn = cross } else if (cross > 0) != (turn > 0) { return nil }   // not convex
            }
            let ex = b.x - a.x, ey = b.y - a.y, l = (ex * ex + ey * ey).squareRoot()
            guard l > 1e-9 else { continue }
            var nx = -ey / l, ny = ex / l
            if nx * (centre.x - a.x) + ny * (centre.y - a.y) < 0 { nx = -nx; ny = -ny }
            edges += [nx, ny, -(nx * a.x + ny * a.y)]
        }
        guard edges.count >= 9 else { return nil }
        return .convex(edges: edges, bounds: Rect.bounding(corners))
    }

    /// Its kind as the paint program numbers it (`COVERn` in `GLShaders.paintFragment`).
    var kind: Int {
        switch self {
        case .full: return 0
        case .box: return 1
        case .atlas: return 2
        case .corners: return 3
        case .convex: return 4
        }
    }

    /// The atlas page it reads, if any.
    var page: Int? {
        switch self {
        case .atlas(let page, _, _, _): return page
        case .corners(_, _, let page, _, _, let cw, _, _): return cw > 0 ? page : nil
        default: return nil
        }
    }

    var bounds: Rect? {
        switch self {
        case .full: return nil
        case .box(let r): return r
        case .atlas(_, _, _, let b): return b
        case .corners(_, _, _, _, _, _, _, let b): return b
        case .convex(_, let b): return b
        }
    }
}

/// The frame's polygons' coverage, drawn on the GPU before the frame: each polygon gets an
/// entry (its whole-pixel bounding box) on a page of float texels holding ∫ winding over each
/// pixel (its exact area coverage), accumulated edge by edge (`GLShaders.accumulate…`).
/// Identical polygons at the same sub-pixel phase share one entry (a gallery's cards).
final class CoverageAtlas {
    /// The side of a page, in texels.
    let side: Int
    let format: GLenum
    private(set) var pages: [GLuint] = []
    private var framebuffers: [GLuint] = []
    /// Per page: instance data, 8 floats an edge (x0, y0, x1, y1, entry x, y, w, h).
    private var edges: [[Float]] = []
    /// Per page: the rows used this frame (only those are cleared).
    private var usedRows: [Int] = []
    /// Per page: the columns used this frame (the clear takes only those).
    private var usedColumns: [Int] = []
    // Shelf packing on the page being filled.
    private var shelfX = 0, shelfY = 0, shelfH = 0
    private var shared: [EntryKey: (page: Int, x: Int, y: Int)] = [:]
    /// This frame's rounded fills' corner entries, by what decides them.
    private var sharedCorners: [CornerKey: Cover] = [:]
    private var vertexArray: GLuint = 0
    private var buffer: GLuint = 0
    /// Pages in use this frame and texels covered (tests, the bench's notes).
    private(set) var usedPages = 0
    private(set) var entriesMade = 0

    init(side: Int, format: GLenum) {
        self.side = side
        self.format = format
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
    }

    deinit {
        if !pages.isEmpty { glDeleteTextures(GLsizei(pages.count), pages) }
        if !framebuffers.isEmpty { glDeleteFramebuffers(GLsizei(framebuffers.count), framebuffers) }
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// Starts a frame: nothing placed.
    func begin() {
        for i in edges.indices { edges[i].removeAll(keepingCapacity: true) }
        shelfX = 0; shelfY = 0; shelfH = 0
        usedPages = 0
        entriesMade = 0
        shared.removeAll(keepingCapacity: true)
        sharedCorners.removeAll(keepingCapacity: true)
    }

    /// What decides a rounded rectangle's corner entry: its corner curve (as `CornerOutlines`
    /// keys it), where its four edges fall within their whole pixels (1/256 px) and the corner
    /// boxes' size. Rows of a list scrolled together share it.
    struct CornerKey: Hashable {
        let continuous: Bool
        let radius: Int, reach: Int, sx: Int, sy: Int
        let left: Int, top: Int, right: Int, bottom: Int
        let cw: Int, ch: Int

        init(_ r: Rect, radius: Double, style: CornerStyle, reach: Double, sx: Double, sy: Double, outer: Rect, bounds: Rect, cw: Int, ch: Int) {
            func q(_ v: Double) -> Int { Int((v * 4096).rounded()) }
            func phase(_ v: Double) -> Int { Int((v * 256).rounded()) }
            continuous = style == .continuous
            self.radius = q(min(radius, min(r.width, r.height) / 2)); self.reach = q(reach); self.sx = q(sx); self.sy = q(sy)
            left = phase(outer.minX - bounds.minX); top = phase(outer.minY - bounds.minY)
            right = phase(bounds.maxX - outer.maxX); bottom = phase(bounds.maxY - outer.maxY)
            self.cw = cw; self.ch = ch
        }
    }

    /// Places a rounded fill's corners (`corners` gives what of it lies in each box) once a
    /// frame for `key`; nil when the boxes would overlap.
    func placeCorners(_ key: CornerKey, bounds: Rect, cw: Int, ch: Int, outer: Rect, corners: () -> (Rect) -> [[Point]]) -> Cover? {
        if case .corners(_, _, let page, let x, let y, _, _, _)? = sharedCorners[key] {
            return .corners(outer: outer, inner: nil, page: page, atlasX: x, atlasY: y, cw: cw, ch: ch, bounds: bounds)
        }
        guard let c = placeCorners(bounds: bounds, cw: cw, ch: ch, outer: outer, inner: nil, corners()) else { return nil }
        sharedCorners[key] = c
        return c
    }

    /// Places `polygons` (device pixels, nonzero) and returns their cover, or nil when they
    /// cover nothing within `limit`.
    /// (`offset`: where the polygons are to be moved to, so that kept ones need no copy.)
    func place(_ polygons: [[Point]], by offset: Point = .zero, within limit: Rect) -> Cover? {
        let dx = offset.x, dy = offset.y
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
        for poly in polygons {
            for q in poly {
                let p = Point(q.x + dx, q.y + dy)
                lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y))
            }
        }
        guard lo.x < hi.x, lo.y < hi.y, lo.x.isFinite, hi.y.isFinite, lo.y.isFinite, hi.x.isFinite else { return nil }
        // The entry: the outline's whole pixels within `limit` (only those can show).
        let lim = limit.integral()
        let ox = max(Int(lo.x.rounded(.down)), Int(lim.minX)), oy = max(Int(lo.y.rounded(.down)), Int(lim.minY))
        let w = min(Int(hi.x.rounded(.up)), Int(lim.maxX)) - ox, h = min(Int(hi.y.rounded(.up)), Int(lim.maxY)) - oy
        guard w > 0, h > 0, w <= side, h <= side else { return nil }
        let bounds = Rect(x: Double(ox), y: Double(oy), width: Double(w), height: Double(h))
        // The polygon relative to the entry, in 1/256 px, and the entry's size: equal keys cover alike.
        var key = EntryKey(capacity: polygons.reduce(2) { $0 + 2 * $1.count + 1 })
        key.append(Int32(w)); key.append(Int32(h))
        for poly in polygons {
            key.append(Int32(-poly.count))
            for p in poly {
                key.append(Int32(clamping: Int(((p.x + dx - Double(ox)) * 256).rounded())))
                key.append(Int32(clamping: Int(((p.y + dy - Double(oy)) * 256).rounded())))
            }
        }
        if let s = shared[key] { return .atlas(page: s.page, offsetX: s.x - ox, offsetY: s.y - oy, bounds: bounds) }
        let (page, x, y) = allocate(w, h)
        shared[key] = (page, x, y)
        entriesMade += 1
        addEdges(polygons, by: offset, page: page, x: x, y: y, w: w, h: h, originX: ox, originY: oy)
        return .atlas(page: page, offsetX: x - ox, offsetY: y - oy, bounds: bounds)
    }

    /// Places the four corners of `contours` (device pixels) cut to the cw × ch boxes at the
    /// corners of `bounds` (whole pixels), in one entry; nil when the boxes would overlap.
    func placeCorners(_ contours: [[Point]], bounds: Rect, cw: Int, ch: Int, outer: Rect, inner: Rect?) -> Cover? {
        placeCorners(bounds: bounds, cw: cw, ch: ch, outer: outer, inner: inner) { box in
            contours.map { PolygonClip.toBox($0, box) }
        }
    }

    /// Places corner polygons: `corner(box)` gives what of the shape lies in each corner box
    /// (top-left, top-right, bottom-left, bottom-right), in device pixels.
    func placeCorners(bounds: Rect, cw: Int, ch: Int, outer: Rect, inner: Rect?, _ corner: (Rect) -> [[Point]]) -> Cover? {
        let x0 = Int(bounds.minX), y0 = Int(bounds.minY), x1 = Int(bounds.maxX), y1 = Int(bounds.maxY)
        guard cw >= 0, ch >= 0, 2 * cw <= x1 - x0, 2 * ch <= y1 - y0, 2 * cw <= side, 2 * ch <= side else { return nil }
        guard cw > 0, ch > 0 else { return .corners(outer: outer, inner: inner, page: 0, atlasX: 0, atlasY: 0, cw: 0, ch: 0, bounds: bounds) }
        // Each corner box, and where its quadrant lies in the entry.
        let quadrants = [(x0, y0, 0, 0), (x1 - cw, y0, cw, 0), (x0, y1 - ch, 0, ch), (x1 - cw, y1 - ch, cw, ch)]
        var local: [[Point]] = []
        var key = EntryKey(capacity: 64)
        key.append(Int32(cw)); key.append(Int32(ch)); key.append(-1)
        for (bx, by, qx, qy) in quadrants {
            let box = Rect(x: Double(bx), y: Double(by), width: Double(cw), height: Double(ch))
            let dx = Double(qx - bx), dy = Double(qy - by)
            for cut in corner(box) where cut.count >= 3 {
                var moved = cut
                key.append(Int32(-moved.count))
                for i in moved.indices {
                    let p = Point(moved[i].x + dx, moved[i].y + dy)
                    moved[i] = p
                    key.append(Int32(clamping: Int((p.x * 256).rounded())))
                    key.append(Int32(clamping: Int((p.y * 256).rounded())))
                }
                local.append(moved)
            }
        }
        let at: (page: Int, x: Int, y: Int)
        if let s = shared[key] { at = s } else {
            let (page, x, y) = allocate(2 * cw, 2 * ch)
            at = (page, x, y)
            shared[key] = at
            entriesMade += 1
            addEdges(local, page: page, x: x, y: y, w: 2 * cw, h: 2 * ch, originX: 0, originY: 0)
        }
        return .corners(outer: outer, inner: inner, page: at.page, atlasX: at.x, atlasY: at.y, cw: cw, ch: ch, bounds: bounds)
    }

    /// The edges of `polygons` (moved by `offset`, relative to (originX, originY)) for an entry
    /// at (x, y) of w × h.
    private func addEdges(_ polygons: [[Point]], by offset: Point = .zero, page: Int, x: Int, y: Int, w: Int, h: Int, originX: Int, originY: Int) {
        let fx = Float(x), fy = Float(y), fw = Float(w), fh = Float(h)
        let ox = Double(originX), oy = Double(originY)
        for poly in polygons where poly.count >= 3 {
            for i in poly.indices {
                let p = poly[i], q = poly[i + 1 == poly.count ? 0 : i + 1]
                let a = Point(p.x + offset.x, p.y + offset.y), b = Point(q.x + offset.x, q.y + offset.y)
                guard a.y != b.y else { continue }
                edges[page].append(contentsOf: [Float(a.x - ox), Float(a.y - oy), Float(b.x - ox), Float(b.y - oy), fx, fy, fw, fh])
            }
        }
    }

    private func allocate(_ w: Int, _ h: Int) -> (Int, Int, Int) {
        if usedPages == 0 { usePage() }
        if shelfX + w > side { shelfY += shelfH; shelfX = 0; shelfH = 0 }
        if shelfY + h > side { usePage(); shelfX = 0; shelfY = 0; shelfH = 0 }
        let at = (usedPages - 1, shelfX, shelfY)
        shelfX += w
        shelfH = max(shelfH, h)
        usedRows[usedPages - 1] = max(usedRows[usedPages - 1], shelfY + shelfH)
        usedColumns[usedPages - 1] = max(usedColumns[usedPages - 1], shelfX)
        return at
    }

    private func usePage() {
        usedPages += 1
        if usedRows.count >= usedPages { usedRows[usedPages - 1] = 0; usedColumns[usedPages - 1] = 0 }
        guard pages.count < usedPages else { return }
        var t: GLuint = 0, f: GLuint = 0
        glGenTextures(1, &t)
        glBindTexture(GLenum(GL_TEXTURE_2D), t)
        let internalFormat = format == GLenum(GL_R32F) ? GL_R32F : GL_R16F
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(side), GLsizei(side), 0, GLenum(GL_RED), GLenum(GL_FLOAT), nil)
        for p in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] { glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(p), GL_NEAREST) }
        glGenFramebuffers(1, &f)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t, 0)
        pages.append(t)
        framebuffers.append(f)
        edges.append([])
        usedRows.append(0)
        usedColumns.append(0)
    }

    /// Bytes of the pages (each a side² of 4- or 2-byte texels).
    var byteCount: Int { pages.count * side * side * (format == GLenum(GL_R32F) ? 4 : 2) }

    /// Accumulates every placed polygon's coverage into its page (one instanced draw a page).
    func accumulate(_ program: GLProgram) {
        guard usedPages > 0 else { return }
        glUseProgram(program.id)
        glUniform2f(program.uniform("uAtlasSize"), Float(side), Float(side))
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        for page in 0..<usedPages {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffers[page])
            glViewport(0, 0, GLsizei(side), GLsizei(side))
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(0, 0, GLsizei(usedColumns[page]), GLsizei(usedRows[page]))
            glClearColor(0, 0, 0, 0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            glDisable(GLenum(GL_SCISSOR_TEST))
            let data = edges[page]
            guard !data.isEmpty else { continue }
            data.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
            for attribute in 0..<2 {
                glEnableVertexAttribArray(GLuint(attribute))
                glVertexAttribPointer(GLuint(attribute), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 32, UnsafeRawPointer(bitPattern: attribute * 16))
                glVertexAttribDivisor(GLuint(attribute), 1)
            }
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(data.count / 8))
        }
        glBindVertexArray(0)
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }
}

/// An entry's polygons in 1/256 px, with its size: equal keys cover alike. Hashed as it is
/// built (FNV-1a over the numbers), so a lookup does not hash its hundreds of numbers again.
private struct EntryKey: Hashable {
    private var values: [Int32] = []
    private var digest: UInt64 = 0xcbf2_9ce4_8422_2325

    init(capacity: Int) { values.reserveCapacity(capacity) }

    mutating func append(_ v: Int32) {
        values.append(v)
        digest = (digest ^ UInt64(UInt32(bitPattern: v))) &* 0x100_0000_01b3
    }

    static func == (a: EntryKey, b: EntryKey) -> Bool { a.digest == b.digest && a.values == b.values }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
