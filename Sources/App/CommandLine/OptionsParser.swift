import FoundationEssentials
import Geometry
import Scenes

/// Parses the app's arguments (without the program name) with the options `OptionSpec.all`
/// declares, for the scenes of `catalog`; every mistake throws one line saying what was wrong
/// (exit status 2).
enum OptionsParser {
    static func parse(_ args: [String], catalog: SceneCatalog, options: [OptionSpec]? = nil) throws(UsageError) -> Command {
        let table = options ?? OptionSpec.offered(by: catalog)
        var rest = ArgumentReader(args[...])
        let command = try commandWord(&rest, catalog: catalog)
        var parsed = ParsedOptions(command: command)
        parsed.scene.scene = catalog.firstScene
        // `--display N` again starts another display's options (`DisplayOptions`).
        var displays = DisplayOptions()
        while let arg = rest.next() {
            if arg == "--display", command == .window { displays.starting(&parsed) }
            guard let option = table.first(where: { $0.spellings.contains(arg) }) else {
                if command == .curve && !arg.hasPrefix("-") && parsed.curve.spec.isEmpty { parsed.curve.spec = arg; continue }
                throw UsageError(arg.hasPrefix("-") ? "unknown option '\(arg)' (see --help)" : "unexpected argument '\(arg)'")
            }
            guard option.commands.contains(command) else { throw UsageError("\(arg) is not an option of \(command.title)") }
            try option.apply(&parsed, &rest)
            if parsed.helpAsked { return .help }
            if let asked = parsed.asked { return asked }
        }
        var windows: [WindowOptions] = []
        for var group in try displays.all(ending: parsed) {
            try checkScene(&group, catalog: catalog)
            let command = try finish(group)
            guard case .window(let w) = command else { return command }
            windows.append(w)
        }
        windows[0].otherDisplays = Array(windows.dropFirst())
        return .window(windows[0])
    }

    /// The command word, if the first argument is one (else the window).
    private static func commandWord(_ rest: inout ArgumentReader, catalog: SceneCatalog) throws(UsageError) -> CommandName {
        guard let first = rest.peek, !first.hasPrefix("-") else { return .window }
        let words = CommandName.offered(by: catalog).filter { $0 != .window }
        guard let command = words.first(where: { $0.word == first }) else {
            let names = words.map(\.word)
            throw UsageError("unknown command '\(first)' (expected \(names.dropLast().joined(separator: ", ")) or \(names.last!); see --help)")
        }
        _ = rest.next()
        return command
    }

    /// What holds across options: a playlist stands alone, settings fit the scene, photos exist.
    private static func checkScene(_ o: inout ParsedOptions, catalog: SceneCatalog) throws(UsageError) {
        guard catalog.names.contains(o.scene.scene) else {
            throw UsageError("unknown scene '\(o.scene.scene)' (scenes: \(catalog.names.joined(separator: ", ")))")
        }
        if let path = o.playlistPath {
            guard o.scene.kiosk else { throw UsageError("--playlist is for kiosks: add --kiosk") }
            guard !o.sceneGiven else { throw UsageError("--scene and --playlist both say what to show: give one") }
            if !o.scene.settings.isEmpty { throw UsageError("--set does not apply with --playlist: put the settings in its entries") }
            do throws(SettingError) {
                o.window.playlist = PlaylistFile(path: path, playlist: try Playlist.load(path: path, catalog: catalog))
            } catch {
                throw UsageError("--playlist: \(error.message)")
            }
        }
        if let type = catalog.scene(named: o.scene.scene) {
            do { try SceneCatalog.validate(o.scene.settings, for: type) } catch { throw error.usage }
        }
        // A kiosk may start before its photos are there (a USB stick not yet plugged in): it
        // shows that the folder is empty and picks the photos up when they come.
        if !o.scene.kiosk {
            for p in o.scene.images where !FileManager.default.fileExists(atPath: p) {
                throw UsageError("--images: \(p): no such file or folder")
            }
        }
    }

    /// The command asked for, with what it needs checked.
    private static func finish(_ o: ParsedOptions) throws(UsageError) -> Command {
        switch o.command {
        case .curve: return try finishCurve(o.curve)
        case .render:
            var render = o.render
            guard render.out != nil || render.semantics else { throw UsageError("render needs --out FILE.png") }
            if let out = render.out, !out.lowercased().hasSuffix(".png") { throw UsageError("--out must name a .png file, got '\(out)'") }
            render.scene = o.scene
            return .render(render)
        case .record:
            var record = o.record
            guard !record.out.isEmpty else { throw UsageError("record needs --out FOLDER or --out FILE.webp") }
            guard record.duration > 0 else { throw UsageError("record needs --duration SECONDS") }
            guard record.duration * record.fps <= 36_000 else { throw UsageError("record: at most 36000 frames (--duration × --fps)") }
            record.scene = o.scene
            return .record(record)
        case .bench:
            var bench = o.bench
            bench.scene = o.scene
            return .bench(bench)
        case .window:
            var window = o.window
            window.scene = o.scene
            window.fleet = o.fleet
            return .window(window)
        case .status: return .status(o.fleet)
        case .screenshot:
            guard let out = o.out else { throw UsageError("screenshot needs --out FILE.png") }
            guard out.lowercased().hasSuffix(".png") else { throw UsageError("--out must name a .png file, got '\(out)'") }
            return .screenshot(o.fleet, out: out)
        }
    }

    private static func finishCurve(_ curve: CurveOptions) throws(UsageError) -> Command {
        guard !curve.spec.isEmpty else {
            throw UsageError("curve needs a SPEC, e.g. lumen curve easeInOut or lumen curve 'spring(duration=0.5,bounce=0.3)'")
        }
        let animation = try CurveSpec.parseForCommandLine(curve.spec)
        if curve.duration != nil, case .spring = animation.motion {
            throw UsageError("--duration applies to curves; a spring lasts until it settles (use spring(duration=…))")
        }
        return .curve(curve)
    }

    /// "1280x800" (or 1280×800) → a size; both sides 1…16384.
    static func parseSize(_ s: String) throws(UsageError) -> Size {
        let parts = s.lowercased().replacing("×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError("--size expects WIDTHxHEIGHT, e.g. 1280x800, got '\(s)'")
        }
        guard (1...16384).contains(w), (1...16384).contains(h) else {
            throw UsageError("--size must be between 1x1 and 16384x16384, got '\(s)'")
        }
        return Size(width: Double(w), height: Double(h))
    }

}
