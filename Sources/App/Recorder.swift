import Effects
import FoundationEssentials
import Glibc
import Imaging
import Render
import Scenes
import Widgets

/// `lumen record`: a scene played headless for `--duration` seconds at `--fps`, each frame
/// drawn once its photos are in, to a numbered PNG sequence (a folder) or an animated WebP
/// (`--out` ending in .webp). Time is the recording's own, not the wall clock's, so two runs
/// give the same bytes.
enum Recorder {
    static func run(_ options: RecordOptions) throws -> Int32 {
        let assets = try Lumen.bootstrap()
        let script = try options.script.map { path throws(UsageError) in try InputScript.loadForCommandLine(path) }
        let runner: SceneRunner
        do { runner = try SceneRunner(options.scene, assets: assets) } catch { throw error.usage }
        let scale = options.scene.scale ?? 1
        let count = max(Int((options.duration * options.fps).rounded()), 1)
        let webp = options.out.lowercased().hasSuffix(".webp")
        let folder = webp ? options.out.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") : options.out
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch {
            // FileManager failed in mkdir(2): its errno says why ("Not a directory", "Permission denied").
            throw UsageError("--out: cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        let playback = HeadlessPlayback(runner, script: script, scroll: options.scene.scroll)
        let renderer = RendererSelection.headless(options.scene, memory: runner.loader.memory).renderer
        var writer: WebPAnimationWriter?
        // Frame i shows scene time i / fps and starts at round(1000 · i / fps) ms, so the
        // delays add up to the duration exactly.
        for i in 0..<count {
            let t = Double(i) / options.fps
            playback.run(to: t)
            let frame = runner.snapshot(scale: scale, with: renderer)
            if webp {
                if writer == nil { writer = try WebPAnimationWriter(width: frame.width, height: frame.height) }
                try writer?.add(frame, at: Int((1000 * t).rounded()))
            } else {
                try PNGFile.write(frame, to: options.out + String(printf: "/frame-%05d.png", i))
            }
        }
        if let writer {
            let bytes = try writer.finish(at: Int((1000 * Double(count) / options.fps).rounded()))
            guard FileManager.default.createFile(atPath: options.out, contents: Data(bytes)) else {
                throw RecordError("cannot write \(options.out)")
            }
        }
        StandardError.write("lumen: recorded \(count) frames to \(options.out)\n")
        return 0
    }
}

/// A recording that could not be written (exit 1, one line).
struct RecordError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
