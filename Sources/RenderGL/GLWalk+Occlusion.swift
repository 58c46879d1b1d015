import Geometry
import Render

/// Opaque draws hide what is under them. The plan notes, for each command drawn straight into
/// the frame, the whole device pixels it will paint opaquely (its occluders); the draw then
/// leaves out of the background's clear and of every earlier large quad what a later command
/// covers. Fill rate is what a large frame is short of: on an NVIDIA H200 a clear of a 4K
/// frame costs as much as the photo drawn over it (`docs/performance.md`, "Where a 4K frame's
/// time went").
extension GLWalk {
    /// Quads smaller than this (device pixels) are drawn whole: cutting them saves little.
    static let occlusionMinimum = 1024.0
    /// Occluders smaller than this are not noted.
    static let occluderMinimum = 1024.0
    /// What another piece of a cut quad must save, in pixels: a draw call costs the CPU a few
    /// microseconds, in which a GPU of the 4K class (an H200: about 13,000 pixels a
    /// microsecond) fills about this many. Occluders smaller than this cut nothing.
    static let pixelsPerPiece = 32_768.0

    /// Whether draws go straight into the frame (no offscreen layer open).
    var drawsIntoFrame: Bool {
        !layers.contains { if case .passthrough = $0.kind { return false } else { return true } }
    }

    /// Notes (in the plan) that command `index` paints `cover` opaquely under the current clip.
    func noteOccluder(_ index: Int, _ cover: Cover) {
        guard pass == .plan, drawsIntoFrame else { return }
        var rects = GLWalk.interiors(cover).map { $0.intersection(clip.scissor) }.filter { !$0.isEmpty }
        for c in clip.covers where !rects.isEmpty { rects = RectRegion.intersecting(rects, GLWalk.interiors(c)) }
        for r in rects where r.width * r.height >= GLWalk.occluderMinimum { occluders.append((index, r)) }
    }

    /// Whole device pixels that `cover` covers entirely, as rectangles (disjoint).
    static func interiors(_ cover: Cover) -> [Rect] {
        switch cover {
        case .box(let r):
            return [inside(r)].filter { !$0.isEmpty }
        case .corners(let outer, let inner, _, _, _, let cw, let ch, let b):
            guard inner?.isEmpty ?? true else { return [] }
            let w = Double(cw), h = Double(ch), o = inside(outer)
            // The cross between the four corner boxes: a band across and the column between them.
            return [Rect(x: b.minX, y: b.minY + h, width: b.width, height: b.height - 2 * h).intersection(o),
                    Rect(x: b.minX + w, y: b.minY, width: b.width - 2 * w, height: h).intersection(o),
                    Rect(x: b.minX + w, y: b.maxY - h, width: b.width - 2 * w, height: h).intersection(o)].filter { !$0.isEmpty }
        case .full, .atlas, .convex:
            return []
        }
    }

    /// The whole pixels inside `r`.
    static func inside(_ r: Rect) -> Rect {
        let x0 = r.minX.rounded(.up), y0 = r.minY.rounded(.up), x1 = r.maxX.rounded(.down), y1 = r.maxY.rounded(.down)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// What of `q` (whole device pixels) the command being drawn must paint: all of it, less
    /// what later commands cover opaquely when it goes straight into the frame.
    func visiblePieces(of q: Rect) -> [Rect] {
        guard !occluders.isEmpty, q.width * q.height >= GLWalk.occlusionMinimum, drawsIntoFrame else { return [q] }
        // Occluders are in the order of their commands: the later ones start after the last
        // one at or before this command.
        var lo = 0, hi = occluders.count
        while lo < hi { let mid = (lo + hi) / 2; if occluders[mid].index > current { hi = mid } else { lo = mid + 1 } }
        guard occluders[lo...].contains(where: { $0.rect.intersects(q) }) else { return [q] }
        return GLWalk.cut(q, by: occluders[lo...].map(\.rect))
    }

    /// `q` less what `holes` cover, when that pays for the extra pieces (`pixelsPerPiece`).
    static func cut(_ q: Rect, by holes: [Rect]) -> [Rect] {
        if holes.contains(where: { $0.contains(q) }) { return [] }
        let large = holes.filter { $0.intersection(q).width * $0.intersection(q).height >= pixelsPerPiece }
        guard !large.isEmpty else { return [q] }
        let pieces = RectRegion.subtracting(large, from: q)
        let saved = q.width * q.height - pieces.reduce(0) { $0 + $1.width * $1.height }
        return saved >= Double(pieces.count - 1) * pixelsPerPiece ? pieces : [q]
    }
}
