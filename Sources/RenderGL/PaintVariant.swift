/// Which of the paint program's variants a quad needs: its paint (`QuadPaint.mode`) and the kind
/// of each of its four covers (`Cover.kind`: the shape's, then the clips'; 0 where there is none).
/// Named as `GLWalk.label` names a quad's paint and covers, "image [box, corners]", without
/// the trailing "full" covers.
struct PaintVariant: Hashable, CustomStringConvertible {
    let paint: Int
    let covers: [Int]

    static let paintNames = ["colour", "gradient", "image", "mask", "pixelate", "layer", "projected", "crossfade"]
    static let coverNames = ["full", "box", "atlas", "corners", "convex"]

    init(paint: Int, covers: [Int]) {
        precondition(PaintVariant.paintNames.indices.contains(paint) && covers.count <= 4
                     && covers.allSatisfy(PaintVariant.coverNames.indices.contains))
        self.paint = paint
        self.covers = covers + Array(repeating: 0, count: 4 - covers.count)
    }

    /// The variant a name like "image [box, corners]" stands for; nil when it names none.
    init?(_ name: String) {
        let parts = name.split(separator: " ", maxSplits: 1)
        guard let paint = parts.first.flatMap({ PaintVariant.paintNames.firstIndex(of: String($0)) }) else { return nil }
        var covers: [Int] = []
        if parts.count == 2 {
            let list = parts[1]
            guard list.hasPrefix("["), list.hasSuffix("]") else { return nil }
            for cover in list.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false) {
                guard let kind = PaintVariant.coverNames.firstIndex(of: String(cover.drop(while: { $0 == " " }))) else { return nil }
                covers.append(kind)
            }
        }
        guard covers.count <= 4 else { return nil }
        self.init(paint: paint, covers: covers)
    }

    /// Its key in `PaintPrograms`: the paint, then each cover's kind, in base 8.
    var key: Int { covers.reduce(paint) { $0 * 8 + $1 } }

    var description: String {
        var used = covers
        while used.last == 0 { used.removeLast() }
        let name = PaintVariant.paintNames[paint]
        return used.isEmpty ? name : name + " [" + used.map { PaintVariant.coverNames[$0] }.joined(separator: ", ") + "]"
    }
}
