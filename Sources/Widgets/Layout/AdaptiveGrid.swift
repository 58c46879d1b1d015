import Geometry

/// Children in rows of as many equal columns as fit (SwiftUI's `LazyVGrid` with one
/// `.adaptive(minimum:)` column): n = max(1, ⌊(W + spacing) / (minimum + spacing)⌋ ), each
/// column (W − spacing·(n − 1)) / n wide, capped at `maximum`; a row is as tall as its
/// tallest child, and the columns are centred (or leading-aligned) when capped.
public final class AdaptiveGrid: Node {
    /// The narrowest a column may be, in points.
    public var minimum: Double { didSet { if minimum != oldValue { setNeedsLayout() } } }
    /// The widest a column may be, in points.
    public var maximum: Double { didSet { if maximum != oldValue { setNeedsLayout() } } }
    /// Points between columns and between rows.
    public var spacing: Double { didSet { if spacing != oldValue { setNeedsLayout() } } }
    /// Where capped columns sit across the width: `.center` or `.leading` (x of a unit point).
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// A grid of as many columns as fit between `minimum` and `maximum` points wide (SwiftUI's
    /// `GridItem(.adaptive(minimum:maximum:))`).
    public init(minimum: Double, maximum: Double = .infinity, spacing: Double = 16, alignment: Alignment = .center, _ children: [Node]) {
        self.minimum = minimum; self.maximum = maximum; self.spacing = spacing; self.alignment = alignment
        super.init(children: children)
    }

    /// Columns and their width for a width of `width` points.
    public func columns(for width: Double) -> (count: Int, width: Double) {
        let w = width.isFinite ? width : minimum
        let n = max(1, Int(((w + spacing) / (minimum + spacing)).rounded(.down)))
        let column = min(max((w - spacing * Double(n - 1)) / Double(n), 0), maximum)
        return (n, column)
    }

    /// Each row's children and height for a width.
    private func rows(for width: Double) -> (columns: (count: Int, width: Double), heights: [Double]) {
        let c = columns(for: width)
        var heights: [Double] = []
        for start in stride(from: 0, to: children.count, by: c.count) {
            let row = children[start..<min(start + c.count, children.count)]
            heights.append(row.map { $0.sizeThatFits(ProposedSize(width: c.width, height: nil)).height }.max() ?? 0)
        }
        return (c, heights)
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? minimum
        let r = rows(for: width)
        let height = r.heights.reduce(0, +) + spacing * Double(max(r.heights.count - 1, 0))
        let used = Double(r.columns.count) * r.columns.width + spacing * Double(r.columns.count - 1)
        return Size(width: max(width, min(used, width)), height: height)
    }

    public override func placeChildren(in size: Size) {
        let r = rows(for: size.width)
        let used = Double(r.columns.count) * r.columns.width + spacing * Double(r.columns.count - 1)
        let left = max((size.width - used) * alignment.x, 0)
        var y = 0.0
        for (row, height) in r.heights.enumerated() {
            for col in 0..<r.columns.count {
                let i = row * r.columns.count + col
                guard i < children.count else { break }
                let x = left + Double(col) * (r.columns.width + spacing)
                children[i].place(at: Point(x: x, y: y), size: Size(width: r.columns.width, height: height))
            }
            y += height + spacing
        }
    }
}
