import Effects
import Foundation
import Geometry
import Render
import Widgets

/// `lumen bench`: N frames of a scene's motion, timed phase by phase.
public enum Bench {
    public struct Report {
        public var scene: String
        public var size: Size
        public var scale: Double
        public var frames: Int
        /// Milliseconds per frame for each phase.
        public var layout: [Double] = []
        public var render: [Double] = []
        public var present: [Double] = []
        public var total: [Double] = []
        public var peakBytes = 0
        /// Whether the scene stood still (each frame was a forced full redraw).
        public var still = false

        public func text() -> String {
            let px = "\(Int(size.width * scale))×\(Int(size.height * scale)) px"
            var lines = ["lumen bench: scene \(scene), \(Int(size.width))×\(Int(size.height)) pt at scale \(scale.short) (\(px)), \(frames) frames"
                         + (still ? " (still scene: full redraw each frame)" : "")]
            func row(_ name: String, _ s: [Double]) {
                guard !s.isEmpty else { return }
                lines.append(name.padding(toLength: 24, withPad: " ", startingAt: 0)
                             + String(format: "median %6.2f ms   p99 %6.2f ms", Percentiles.median(s), Percentiles.percentile(s, 99)))
            }
            row("  layout + display list", layout)
            row("  render", render)
            row("  present", present)
            row("  frame", total)
            lines.append("  peak memory".padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: "%.1f MB", Double(peakBytes) / 1_048_576))
            return lines.joined(separator: "\n")
        }

        public func json() -> String {
            func stat(_ s: [Double]) -> String {
                String(format: "{\"median\": %.3f, \"p99\": %.3f}", Percentiles.median(s), Percentiles.percentile(s, 99))
            }
            var fields = ["\"scene\": \"\(scene)\"", "\"width\": \(Int(size.width))", "\"height\": \(Int(size.height))",
                          "\"scale\": \(scale)", "\"frames\": \(frames)", "\"layout_ms\": \(stat(layout))",
                          "\"render_ms\": \(stat(render))", "\"frame_ms\": \(stat(total))"]
            if !present.isEmpty { fields.append("\"present_ms\": \(stat(present))") }
            fields.append("\"peak_memory_bytes\": \(peakBytes)")
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }

    /// Something that shows frames (a window); nil for headless benchmarks.
    public protocol Presenter: AnyObject {
        var target: RenderTarget { get }
        func present(damage: Rect, scale: Double)
    }

    /// Runs the benchmark: the scene advances 1/60 s per frame.
    public static func measure(_ options: BenchOptions, assets: String, presenter: Presenter? = nil) throws(UsageError) -> Report {
        let loader = ImageLoader()
        let stage = try Lumen.makeStage(options.scene, assets: assets, loader: loader)
        loader.waitForAll()
        let (scene, tree) = (stage.scene, stage.tree)
        let scale = options.scene.scale ?? 1
        let renderer = CairoRenderer()
        // As in the window: photos are scaled off the main thread, a stand-in draws until then.
        renderer.images.scalesInBackground = true
        let w = Int((options.scene.size.width * scale).rounded()), h = Int((options.scene.size.height * scale).rounded())
        let buffer = PixelBuffer(width: w, height: h)
        let target = presenter?.target ?? RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: w, height: h, stride: w * 4)
        var report = Report(scene: options.scene.scene, size: options.scene.size, scale: scale, frames: options.frames)
        var stillFrames = 0
        // One untimed frame warms the image cache, as a running app's first frame does.
        for i in -1..<options.frames {
            let t0 = Stopwatch.now()
            // Photos a lazy list asks for while scrolling arrive as they would in the window.
            loader.deliver()
            let time = options.scene.time + Double(max(i, 0)) / 60
            tree.clock.advance(to: time)
            scene.benchmarkFrame(time: time)
            // A still scene draws nothing after its first frame: measure a full redraw instead.
            if !scene.benchmarkMoves && !tree.clock.isAnimating { tree.damageAll(); stillFrames += 1 }
            let (list, damage) = tree.frame()
            let t1 = Stopwatch.now()
            if let d = damage { renderer.render(list, into: target, scale: scale, damage: d, background: scene.background) }
            let t2 = Stopwatch.now()
            if let p = presenter, let d = damage { p.present(damage: d, scale: scale) }
            let t3 = Stopwatch.now()
            guard i >= 0 else { continue }
            report.layout.append((t1 - t0) * 1000)
            report.render.append((t2 - t1) * 1000)
            if presenter != nil { report.present.append((t3 - t2) * 1000) }
            report.total.append((t3 - t0) * 1000)
        }
        report.still = stillFrames > options.frames / 2
        report.peakBytes = Stopwatch.peakResidentBytes()
        return report
    }
}
