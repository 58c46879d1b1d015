/// Regions made of rectangles, as banded lists (the representation of X11's and pixman's
/// regions): what a renderer still has to paint once opaque shapes will cover parts of it.
package enum RectRegion {
    /// `area` less the union of `holes`, as disjoint rectangles covering exactly what is left.
    ///
    /// The holes' top and bottom edges cut `area` into bands; in each band the spans no hole
    /// covers across the whole band are left, and a band whose spans equal those of the band
    /// above it extends that band's rectangles instead of starting new ones (so a hole in the
    /// middle of `area` leaves four rectangles, and holes side by side leave no slivers).
    /// O(n² log n) for n holes.
    public static func subtracting(_ holes: [Rect], from area: Rect) -> [Rect] {
        guard !area.isEmpty else { return [] }
        let cut = holes.map { $0.intersection(area) }.filter { !$0.isEmpty }
        guard !cut.isEmpty else { return [area] }
        var edges = Set([area.minY, area.maxY])
        for h in cut { edges.insert(h.minY); edges.insert(h.maxY) }
        let ys = edges.sorted()
        var done: [Rect] = []
        // The rectangles of the band above, still growing downwards, and their spans.
        var open: [Rect] = []
        var openSpans: [(Double, Double)] = []
        for k in 0..<(ys.count - 1) {
            let y0 = ys[k], y1 = ys[k + 1]
            let spans = free(in: cut.filter { $0.minY <= y0 && $0.maxY >= y1 }.map { ($0.minX, $0.maxX) }, from: area.minX, to: area.maxX)
            if !open.isEmpty && spans.elementsEqual(openSpans, by: { $0 == $1 }) {
                open = open.map { Rect(x: $0.minX, y: $0.minY, width: $0.width, height: y1 - $0.minY) }
                continue
            }
            done += open
            open = spans.map { Rect(x: $0.0, y: y0, width: $0.1 - $0.0, height: y1 - y0) }
            openSpans = spans
        }
        return done + open
    }

    /// The parts of [from, to) outside every one of `covered`'s spans, in order.
    static func free(in covered: [(Double, Double)], from: Double, to: Double) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        var x = from
        for (a, b) in covered.sorted(by: { $0.0 < $1.0 }) {
            if a > x { result.append((x, min(a, to))) }
            x = max(x, b)
            if x >= to { break }
        }
        if x < to { result.append((x, to)) }
        return result.filter { $0.1 > $0.0 }
    }

    /// The rectangles two lists have in common, pairwise (each list's own rectangles disjoint).
    public static func intersecting(_ a: [Rect], _ b: [Rect]) -> [Rect] {
        a.flatMap { r in b.map { r.intersection($0) } }.filter { !$0.isEmpty }
    }
}
