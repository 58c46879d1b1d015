import Animation
import Geometry
import Render
import Scenes
import Widgets

/// A chart of one pass of an animation: progress against time, with a grid, axis labels and
/// a dot at the current time. The y range stretches to show a spring's overshoot.
final class CurvePlot: Node {
    var animation: Animation { didSet { samples = CurveSpec.samples(animation, count: 241); setNeedsDisplay() } }
    /// Seconds into the pass where the dot is.
    var time: Double = 0 { didSet { if time != oldValue { setNeedsDisplay() } } }
    private var samples: [(t: Double, value: Double, velocity: Double)]

    static let inset = Insets(top: 16, leading: 56, bottom: 40, trailing: 20)

    init(_ animation: Animation) {
        self.animation = animation
        samples = CurveSpec.samples(animation, count: 241)
        super.init()
        semantics = Semantics(label: "Curve plot", traits: [.image])
    }

    override var paintsContent: Bool { true }

    /// The plotted value range: 0…1 widened to the curve's extremes, with a margin.
    var valueRange: (Double, Double) {
        let lo = min(0, samples.map(\.value).min() ?? 0), hi = max(1, samples.map(\.value).max() ?? 1)
        let pad = (hi - lo) * 0.05
        return (lo - pad, hi + pad)
    }

    /// Where (t, value) lands in the node's bounds.
    func point(t: Double, value: Double) -> Point {
        let area = bounds.inset(by: CurvePlot.inset)
        let end = max(animation.passDuration, 1e-9)
        let (lo, hi) = valueRange
        return Point(area.minX + t / end * area.width, area.maxY - (value - lo) / (hi - lo) * area.height)
    }

    override func paint(into list: inout DisplayList) {
        let area = bounds.inset(by: CurvePlot.inset)
        list.fill(.roundedRect(bounds, radius: 16, style: .continuous), .white)
        let grid = Color(r: 229, g: 229, b: 234), label = Color.secondaryLabel
        let end = animation.passDuration
        // Horizontal lines at 0, 0.5 and 1, labelled; vertical lines at quarters of the pass.
        for v in [0.0, 0.5, 1.0] {
            let y = point(t: 0, value: v).y
            list.fill(.rect(Rect(x: area.minX, y: y - 0.5, width: area.width, height: 1)), v == 0.5 ? grid : Color(r: 199, g: 199, b: 204))
            let text = TextLayout(String(printf: "%.1f", v), font: .style(.caption), width: 40, alignment: .trailing)
            list.append(.text(text, origin: Point(area.minX - 48, y - text.size.height / 2), color: label))
        }
        for q in 0...4 {
            let x = area.minX + Double(q) / 4 * area.width
            list.fill(.rect(Rect(x: x - 0.5, y: area.minY, width: 1, height: area.height)), grid)
            let text = TextLayout(String(printf: "%.2f s", end * Double(q) / 4), font: .style(.caption), width: 80,
                                  alignment: q == 0 ? .leading : (q == 4 ? .trailing : .center))
            let originX = q == 0 ? x : (q == 4 ? x - 80 : x - 40)
            list.append(.text(text, origin: Point(originX, area.maxY + 8), color: label))
        }
        // The curve.
        var path: [PathElement] = []
        for (i, s) in samples.enumerated() {
            let p = point(t: s.t, value: s.value)
            path.append(i == 0 ? .move(p) : .line(p))
        }
        list.append(.stroke(.path(path), .color(.accent), lineWidth: 3))
        // The dot at the current time.
        let (value, _) = animation.unitProgress(end > 0 ? min(max(time / end, 0), 1) : 1)
        let dot = point(t: min(max(time, 0), end), value: value)
        list.append(.shadow(.ellipse(Rect(x: dot.x - 9, y: dot.y - 9, width: 18, height: 18)), color: Color.black.opacity(0.25), blur: 6, offset: Point(0, 2)))
        list.fill(.ellipse(Rect(x: dot.x - 9, y: dot.y - 9, width: 18, height: 18)), .white)
        list.fill(.ellipse(Rect(x: dot.x - 6, y: dot.y - 6, width: 12, height: 12)), .accent)
    }
}
