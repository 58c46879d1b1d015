import FoundationEssentials
import Geometry
import Imaging
import Platform
import Render
import RenderGL
import Scenes
import SystemSupport
import Widgets
import Pixels

/// `lumen bench`: N frames of a scene's motion, timed phase by phase.
enum Bench {
    struct Report {
        var scene: String
        var size: Size
        var scale: Double
        var frames: Int
        /// Threads large frames were drawn on.
        var threads = 1
        /// Milliseconds per frame for each phase.
        var layout: [Double] = []
        var render: [Double] = []
        var present: [Double] = []
        var total: [Double] = []
        var peakBytes = 0
        /// Whether the scene stood still (each frame was a forced full redraw).
        var still = false
        /// How the window presented (with `--window`).
        var presentPath: String?
        /// What drew ("cairo, 2 threads", "gl: …").
        var renderer = "cairo"
        /// The GPU renderer's CPU time per frame (walks, uploads, GL calls), without the GPU's.
        var encode: [Double] = []
        /// The GPU renderer's frames timed on the GPU alone (timer queries), where it can.
        var gpu: [Double] = []
        /// Megapixels the GPU renderer painted a frame (quads, clears, blur passes).
        var painted: [Double] = []
        /// With LUMEN_GL_PHASES=1: the GPU renderer's phases, each waited for.
        var phases: [(String, [Double])] = []
        /// With LUMEN_GL_PROFILE=1: the GPU renderer's work by kind, each piece timed on its
        /// own, summed over the frames drawn and divided by their number.
        var profile: [GPUProfileEntry] = []
        var profiledFrames = 0

        func text() -> String {
            let px = "\(Int(size.width * scale))×\(Int(size.height * scale)) px"
            var lines = ["\(StandardError.programName) bench: scene \(scene), \(Int(size.width))×\(Int(size.height)) pt at scale \(scale.short) (\(px)), \(frames) frames"
                         + (still ? " (still scene: full redraw each frame)" : ""),
                         "  renderer".padded(to: 24) + renderer]
            func row(_ name: String, _ s: [Double]) {
                guard !s.isEmpty else { return }
                lines.append(name.padded(to: 24)
                             + String(printf: "median %6.2f ms   p99 %6.2f ms", Percentiles.median(s), Percentiles.percentile(s, 99)))
            }
            row("  layout + display list", layout)
            row("  render", render)
            row("    of it on the CPU", encode)
            row("    on the GPU", gpu)
            if !painted.isEmpty {
                lines.append("    painted".padded(to: 24) + String(printf: "median %6.2f megapixels a frame", Percentiles.median(painted)))
            }
            for (name, values) in phases { row("    " + name, values) }
            row("  present", present)
            if let p = presentPath { lines.append("  presented through".padded(to: 24) + p) }
            row("  frame", total)
            lines.append("  peak memory".padded(to: 24) + String(printf: "%.1f MB", Double(peakBytes) / 1_048_576))
            if !profile.isEmpty {
                let n = Double(max(profiledFrames, 1))
                let cpu = profile.filter { $0.label.hasPrefix("CPU ") }
                lines.append("  GPU work a frame, each piece timed on its own (ms, quads, megapixels):")
                for e in profile where !e.label.hasPrefix("CPU ") {
                    lines.append(String(printf: "    %7.3f  %5.1f  %7.2f  ", e.milliseconds / n, Double(e.count) / n, Double(e.pixels) / n / 1e6) + e.label)
                }
                lines.append("  the renderer's CPU a frame by command (ms, commands):")
                for e in cpu { lines.append(String(printf: "    %7.3f  %5.1f  ", e.milliseconds / n, Double(e.count) / n) + e.label.dropFirst(4)) }
            }
            return lines.joined(separator: "\n")
        }

        /// The report as one JSON object (JSONEncoder: a scene's or a driver's name with quotes,
        /// backslashes or control characters stays valid JSON).
        func json() -> String {
            func stat(_ s: [Double]) -> JSONReport.Stat { .init(median: Percentiles.median(s).rounded(3), p99: Percentiles.percentile(s, 99).rounded(3)) }
            func statIfAny(_ s: [Double]) -> JSONReport.Stat? { s.isEmpty ? nil : stat(s) }
            let n = Double(max(profiledFrames, 1))
            let report = JSONReport(
                scene: scene, width: Int(size.width), height: Int(size.height), scale: scale, frames: frames, threads: threads,
                renderer: renderer, layoutMs: stat(layout), renderMs: stat(render), frameMs: stat(total),
                presentMs: statIfAny(present), renderCpuMs: statIfAny(encode), renderGpuMs: statIfAny(gpu),
                paintedMegapixels: painted.isEmpty ? nil : Percentiles.median(painted).rounded(3), presentPath: presentPath,
                peakMemoryBytes: peakBytes,
                gpuProfile: profile.isEmpty ? nil : profile.map {
                    .init(ms: ($0.milliseconds / n).rounded(4), quads: (Double($0.count) / n).rounded(2),
                          megapixels: (Double($0.pixels) / n / 1e6).rounded(3), label: $0.label)
                })
            return JSONReport.encoded(report)
        }
    }

    /// Runs the benchmark: the scene advances 1/60 s per frame; with a presenter (a window)
    /// each frame is also put on screen.
    /// The window `--window` measures presenting in: a GL window when `--renderer` asks for the
    /// GPU (or `auto` finds one), else Cairo's on `--present`'s path; a GL window that will not
    /// open says why in one line and Cairo's opens. As in the app, `auto` on a software
    /// rasteriser gives the GL window up for Cairo's path (a render node whose GL is llvmpipe:
    /// a virtual machine's virtio-gpu), so the present measured is the one the app takes.
    static func openWindow(_ o: BenchOptions, catalog: SceneCatalog) throws(SDLError) -> PlatformWindow {
        let title = "\(catalog.title) bench — \(o.scene.scene)"
        let settings = AppEnvironment.process.platform(for: catalog)
        if RendererSelection.triesGPU(o.scene.rendererChoice) {
            do {
                let gl = try PlatformWindow(title: title, size: o.scene.size, scale: o.scene.scale ?? 1, settings: settings, present: .gl)
                if o.scene.rendererChoice != .auto || !RendererSelection.isSoftware(getProc: gl.glProcAddress) { return gl }
            } catch {
                StandardError.message("--renderer \(o.scene.rendererChoice.rawValue): \(error.description); drawing with Cairo")
            }
        }
        return try PlatformWindow(title: title, size: o.scene.size, scale: o.scene.scale ?? 1, settings: settings,
                                  present: o.present)
    }

    /// The renderer for a window: the GPU's on a GL window (Cairo, and why, when it will not do).
    private static func windowRenderer(_ options: BenchOptions, _ window: PlatformWindow, memory: ImageMemory) -> RendererSelection {
        if let getProc = window.glProcAddress {
            switch RendererSelection.window(options.scene, memory: memory, wake: window.wake, getProc: getProc) {
            case .success(let chosen):
                window.drawsOnTheGPU(summary: chosen.name) { [weak gl = chosen.gl] in gl?.frameSnapshot() }
                return chosen
            case .failure(let e):
                StandardError.message("--renderer \(options.scene.rendererChoice.rawValue): \(e.description); drawing with Cairo")
            }
        }
        return RendererSelection.cairo(options.scene, memory: memory, scalesInBackground: true)
    }

    static func measure(_ options: BenchOptions, catalog: SceneCatalog, assets: String, window: PlatformWindow? = nil,
                        decoder: PhotoDecoding = InProcessDecoding()) throws(UsageError) -> Report {
        let presenter = window?.presenter
        let runner: SceneRunner
        do {
            runner = try SceneRunner(options.scene, in: catalog, assets: assets, loader: options.scene.loader(decoder), startTime: options.scene.time)
        } catch { throw error.usage }
        runner.loader.waitForAll()
        let scale = options.scene.scale ?? 1
        // As in the window: photos are scaled off the main thread, a stand-in draws until then.
        // A GPU renderer finishes each frame on the GPU (glFinish) and keeps it there.
        let chosen = window.map { windowRenderer(options, $0, memory: runner.loader.memory) }
            ?? RendererSelection.headless(options.scene, memory: runner.loader.memory, scalesInBackground: true)
        let renderer = chosen.renderer
        chosen.gl?.finishesFrames = true
        chosen.gl?.timesGPU = true
        chosen.gl?.timesPhases = AppEnvironment.process.glPhases
        chosen.gl?.profilesGPU = AppEnvironment.process.glProfile
        var profile: [String: GPUProfileEntry] = [:]
        var plan: [Double] = [], coverage: [Double] = [], drawing: [Double] = []
        let w = Int((options.scene.size.width * scale).rounded()), h = Int((options.scene.size.height * scale).rounded())
        let buffer = PixelBuffer(width: chosen.gl == nil ? w : 1, height: chosen.gl == nil ? h : 1)
        let offscreen = chosen.gl == nil || presenter != nil ? RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: w, height: h, stride: w * 4)
            : RenderTarget(storage: .gpu, width: w, height: h)
        var report = Report(scene: options.scene.scene, size: options.scene.size, scale: scale, frames: options.frames)
        report.threads = (renderer as? CairoRenderer)?.threads ?? 1
        report.renderer = chosen.name
        var stillFrames = 0
        // One untimed frame warms the image cache, as a running app's first frame does.
        for i in -1..<options.frames {
            let t0 = Stopwatch.now()
            // Photos a lazy list asks for while scrolling arrive as they would in the window.
            runner.loader.deliver()
            let moves = runner.benchStep(time: options.scene.time + Double(max(i, 0)) / 60)
            // A still scene draws nothing after its first frame: measure a full redraw instead.
            if !moves { runner.tree.damageAll(); stillFrames += 1 }
            let (list, damage) = runner.buildFrame()
            let t1 = Stopwatch.now()
            if let d = damage {
                if let p = presenter {
                    p.draw { runner.draw(list, damage: d, with: renderer, into: $0, scale: scale) }
                } else {
                    runner.draw(list, damage: d, with: renderer, into: offscreen, scale: scale)
                }
            }
            let t2 = Stopwatch.now()
            if let p = presenter, let d = damage { p.present(damage: d, scale: scale) }
            let t3 = Stopwatch.now()
            guard i >= 0 else { chosen.gl?.compileListedVariants(); continue }   // as the window does
            report.layout.append((t1 - t0) * 1000)
            report.render.append((t2 - t1) * 1000)
            if let gl = chosen.gl, damage != nil {
                report.encode.append(gl.lastEncodeSeconds * 1000)
                if let g = gl.lastGPUMilliseconds { report.gpu.append(g) }
                report.painted.append(Double(gl.lastPixelsPainted) / 1e6)
                if gl.timesPhases { plan.append(gl.lastPhases.plan); coverage.append(gl.lastPhases.coverage); drawing.append(gl.lastPhases.draw) }
                if gl.profilesGPU {
                    report.profiledFrames += 1
                    for e in gl.lastProfile {
                        var sum = profile[e.label] ?? GPUProfileEntry(label: e.label, count: 0, pixels: 0, milliseconds: 0)
                        sum.count += e.count; sum.pixels += e.pixels; sum.milliseconds += e.milliseconds
                        profile[e.label] = sum
                    }
                }
            }
            if presenter != nil { report.present.append((t3 - t2) * 1000) }
            report.total.append((t3 - t0) * 1000)
        }
        report.profile = profile.values.sorted { $0.milliseconds > $1.milliseconds }
        if !plan.isEmpty { report.phases = [("plan", plan), ("coverage pass", coverage), ("drawing", drawing)] }
        report.still = stillFrames > options.frames / 2
        report.peakBytes = Stopwatch.peakResidentBytes()
        return report
    }
}
