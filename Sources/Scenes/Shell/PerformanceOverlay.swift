import FoundationEssentials
import Geometry
import Render
import Widgets

/// `f`: frames per second, the last 120 frames' times as stacked bars (layout and display
/// list blue, rendering green, presenting orange, a line at 16.7 ms), the area the last frame
/// redrew, image memory against its budget and the photos waiting to be decoded.
///
/// Frames drawn only to update the overlay itself are not counted (else showing it would keep
/// the window drawing forever); so with nothing moving it settles and the window goes idle.
package final class PerformanceOverlay: Node {
    package static let size = Size(width: 300, height: 150)
    /// Frames kept for the graph.
    static let history = 120

    private(set) var samples: [FrameSample] = []
    private var memory = (bytes: 0, budget: 0)
    private var queue = 0

    package init() {
        super.init(children: [])
        semantics = Semantics(label: "Performance", traits: [.text])
    }

    package override var paintsContent: Bool { true }

    package override func sizeThatFits(_ proposal: ProposedSize) -> Size { PerformanceOverlay.size }

    /// Adds a frame, with the image memory and decode queue after it.
    func add(_ sample: FrameSample, imageBytes: Int, budget: Int, queue: Int) {
        samples.append(sample)
        if samples.count > PerformanceOverlay.history { samples.removeFirst(samples.count - PerformanceOverlay.history) }
        memory = (imageBytes, budget)
        self.queue = queue
        semantics.value = lines.joined(separator: "; ")
        setNeedsDisplay()
    }

    /// Frames in the last second of samples.
    var framesPerSecond: Int {
        guard let last = samples.last?.time else { return 0 }
        return samples.filter { $0.time > last - 1 }.count
    }

    var lines: [String] {
        let last = samples.last
        let damage = last.map { "\(Int($0.damage.width.rounded()))×\(Int($0.damage.height.rounded())) pt" } ?? "–"
        let ms = last.map { String(printf: "%.1f ms (layout %.1f, render %.1f, present %.1f)", $0.totalMs, $0.layoutMs, $0.renderMs, $0.presentMs) } ?? "–"
        return [
            "\(framesPerSecond) fps · \(ms)",
            "damage \(damage) · images \(memory.bytes >> 20) of \(memory.budget >> 20) MB · decoding \(queue)",
        ]
    }

    package override func paint(into list: inout DisplayList) {
        let b = bounds
        list.fill(.roundedRect(b, radius: 12, style: .continuous), Color.black.opacity(0.72))
        var y = 8.0
        for line in lines {
            let l = TextLayout(line, font: Font(size: 11, weight: .medium), width: b.width - 16, maxLines: 1)
            list.append(.text(l, origin: Point(x: 8, y: y), color: .white))
            y += l.size.height + 2
        }
        // The graph: 2 px a frame, 33.3 ms full height, stacked phases.
        let graph = Rect(x: 8, y: y + 4, width: b.width - 16, height: b.height - y - 12)
        let perMs = graph.height / 33.3
        let barWidth = graph.width / Double(PerformanceOverlay.history)
        for (i, s) in samples.enumerated() {
            let x = graph.minX + Double(PerformanceOverlay.history - samples.count + i) * barWidth
            var top = graph.maxY
            for (ms, color) in [(s.layoutMs, Color.cyan), (s.renderMs, Color.green), (s.presentMs, Color.orange)] {
                let h = min(ms * perMs, top - graph.minY)
                guard h > 0 else { continue }
                list.fill(.rect(Rect(x: x, y: top - h, width: max(barWidth - 0.5, 0.5), height: h)), color)
                top -= h
            }
        }
        let budget = graph.maxY - 16.7 * perMs
        list.fill(.rect(Rect(x: graph.minX, y: budget, width: graph.width, height: 1)), Color.white.opacity(0.6))
    }
}
