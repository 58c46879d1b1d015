import FoundationEssentials
import Glibc
import Imaging
import Input
import Recording
import Render
import Scenes
import SystemSupport
import Widgets

/// `lumen record`: a scene played headless for `--duration` seconds at `--fps`, each frame
/// drawn once its photos are in, to a numbered PNG sequence (a folder), an animated WebP or
/// GIF, or H.264 in MP4 (by `--out`'s extension). Time is the recording's own, not the wall
/// clock's, so two runs give the same bytes.
enum Recorder {
    static func run(_ options: RecordOptions, catalog: SceneCatalog, decoder: PhotoDecoding) throws -> Int32 {
        let format: RecordingFormat
        do { format = try RecordingFormat(path: options.out) } catch { throw error.usage }
        if format == .pngFrames { try makeFolder(options.out) } else { do { _ = try RecordingFile(options.out) } catch { throw error.usage } }
        let assets = try Lumen.bootstrap(catalog)
        let script = try options.script.map { path throws(UsageError) in try InputScript.loadForCommandLine(path) }
        let runner: SceneRunner
        do { runner = try SceneRunner(options.scene, in: catalog, assets: assets, loader: options.scene.loader(decoder)) } catch { throw error.usage }
        let scale = options.scene.scale ?? 1
        let count = max(Int((options.duration * options.fps).rounded()), 1)
        let playback = HeadlessPlayback(runner, script: script, scroll: options.scene.scroll)
        let renderer = RendererSelection.headless(options.scene, memory: runner.loader.memory).renderer
        var writer: (any VideoWriter)?
        defer { writer?.cancel() }
        var encodeSeconds = 0.0
        // Frame i shows scene time i / fps, so the frames' times add up to the duration exactly.
        for i in 0..<count {
            let t = Double(i) / options.fps
            playback.run(to: t)
            let frame = runner.snapshot(scale: scale, with: renderer)
            if format == .pngFrames {
                try PNGFile.write(frame, to: options.out + String(printf: "/frame-%05d.png", i))
                continue
            }
            let t0 = Stopwatch.now()
            defer { encodeSeconds += Stopwatch.now() - t0 }
            do {
                if writer == nil {
                    writer = try VideoWriters.open(options.out, format: format, width: frame.width, height: frame.height,
                                                   fps: options.fps, quality: options.quality, encoder: AppEnvironment.process.encoder)
                }
                try writer?.add(frame, at: t)
            } catch { throw error.recordFailure }
        }
        let t0 = Stopwatch.now()
        do { try writer?.finish(at: Double(count) / options.fps) } catch { throw error.recordFailure }
        encodeSeconds += Stopwatch.now() - t0
        let kept = writer.map { $0.frameCount < count ? " (\($0.frameCount) in the file: unchanged ones merged)" : "" } ?? ""
        let encoding = writer == nil ? "" : String(printf: ", %.1f ms a frame to encode", encodeSeconds * 1000 / Double(count))
        writer = nil
        StandardError.message("recorded \(count) frames to \(options.out)\(kept)\(encoding)")
        return 0
    }

    private static func makeFolder(_ folder: String) throws(UsageError) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            // FileManager failed in mkdir(2): its errno says why ("Not a directory", "Permission denied").
            throw UsageError("--out: cannot create \(folder): \(String(cString: strerror(errno)))")
        }
    }
}

extension RecordingError {
    /// A bad path is the command line's fault (exit 2); anything else failed while writing.
    var usage: UsageError { UsageError(description) }
    var recordFailure: Error { if case .badPath = self { return usage } else { return RecordError(description) } }
}

/// A recording that could not be written (exit 1, one line).
struct RecordError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
