import Geometry
import Render

/// The top-left corner curve of a rounded rectangle in device pixels, relative to the
/// rectangle's top-left, from its end on the left edge (0, e·sy) to its start on the top edge
/// (e·sx, 0), flattened by Cairo at its tolerance. It depends only on the corner's radius and
/// reach, its style and the scale, not on where the rectangle is: a scrolled card's corners are
/// flattened once. The other corners are its mirror images (the corners are symmetric).
final class CornerOutlines {
    private struct Key: Hashable { let continuous: Bool; let radius: Int; let reach: Int; let sx: Int; let sy: Int }
    private var cache: [Key: [Point]] = [:]
    private let flattener: ShapeFlattener

    init(flattener: ShapeFlattener) { self.flattener = flattener }

    /// The corner of `shape` (a rounded rectangle) scaled by (sx, sy) to device pixels.
    func topLeft(_ r: Rect, radius: Double, style: CornerStyle, reach: Double, sx: Double, sy: Double) -> [Point] {
        func q(_ v: Double) -> Int { Int((v * 4096).rounded()) }
        let key = Key(continuous: style == .continuous, radius: q(min(radius, min(r.width, r.height) / 2)), reach: q(reach), sx: q(sx), sy: q(sy))
        if let c = cache[key] { return c }
        // The shape's own elements: its last corner is the top-left one, after its last line.
        let elements = ShapePath.elements(.roundedRect(r, radius: radius, style: style))
        guard let lastLine = elements.lastIndex(where: { if case .line = $0 { return true }; return false }),
              case .line(let start) = elements[lastLine] else { return [] }
        func device(_ p: Point) -> Point { Point((p.x - r.minX) * sx, (p.y - r.minY) * sy) }
        var corner: [PathElement] = [.move(device(start))]
        for e in elements[(lastLine + 1)...] {
            if case .curve(let a, let b, let c) = e { corner.append(.curve(device(a), device(b), device(c))) }
        }
        let points = flattener.flatten(.path(corner), .identity).first?.points ?? []
        if cache.count > 512 { cache.removeAll(keepingCapacity: true) }
        cache[key] = points
        return points
    }
}
