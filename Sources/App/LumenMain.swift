import DecodeWorkers
import Fleet
import CVideoDecoding
import Video
import FoundationEssentials
import Glibc
import Imaging
import Platform
import Render
import Scenes
import SystemSupport

/// An app's command: parses arguments and runs the window, `render`, `record` or `bench` for
/// the scenes of a catalog. Exit status: 0 success, 1 a failure at run time (one line on
/// stderr), 2 a bad command line.
package enum LumenMain {
    static func run(_ arguments: [String], catalog: SceneCatalog, decoder: PhotoDecoding = InProcessDecoding()) -> Int32 {
        MemoryTuning.apply()
        // Photos in the file manager's order: the user's collation (LC_COLLATE only; gettext
        // and iconv, which other categories would wake, stay unloaded).
        setlocale(LC_COLLATE, "")
        do {
            switch try OptionsParser.parse(arguments, catalog: catalog) {
            case .help:
                print(Usage.text(catalog: catalog))
                return 0
            case .version:
                print(catalog.command == "lumen" ? "lumen \(Lumen.version)" : "\(catalog.command), built on Lumen \(Lumen.version)")
                return 0
            case .manPage:
                print(ManPage.text(catalog: catalog), terminator: "")
                return 0
            case .render(let o):
                return try HeadlessRender.run(o, catalog: catalog, decoder: decoder)
            case .record(let o):
                return try Recorder.run(o, catalog: catalog, decoder: decoder)
            case .bench(let o) where !o.decode.isEmpty:
                let report = try DecodeBench.measure(o, decoder: decoder)
                print(o.json ? report.json() : report.text())
                return 0
            case .bench(let o):
                let assets = try Lumen.bootstrap(catalog)
                var window = o.window ? try Bench.openWindow(o, catalog: catalog) : nil
                var report = try Bench.measure(o, catalog: catalog, assets: assets, window: window, decoder: decoder)
                report.presentPath = window?.presentSummary
                window = nil
                print(o.json ? report.json() : report.text())
                return 0
            case .curve(let o):
                var animation = try CurveSpec.parseForCommandLine(o.spec)
                if let d = o.duration, case .curve(let c, _) = animation.motion { animation.motion = .curve(c, duration: d) }
                print(CurveSpec.csv(animation, count: o.samples))
                return 0
            case .window(let o) where o.printSwiftUI:
                print(try SwiftUIPrinter.code(o.scene, catalog: catalog), terminator: "")
                return 0
            case .status(let o):
                print(String(decoding: try FleetCommands.ask(.status, o, catalog: catalog), as: UTF8.self), terminator: "")
                return 0
            case .screenshot(let o, let out):
                try FleetCommands.screenshot(o, out: out, catalog: catalog)
                return 0
            case .window(let o):
                let assets = try Lumen.bootstrap(catalog)
                let fleet = try FleetServices(o.fleet, command: catalog.command, kiosk: o.scene.kiosk, displays: 1 + o.otherDisplays.count)
                let loader = o.scene.loader(decoder)
                guard o.otherDisplays.isEmpty else {
                    let hosts = ([o] + o.otherDisplays).enumerated().map { i, options in
                        WindowHost(options: options, catalog: catalog, assets: assets, loader: loader, fleet: fleet, display: i)
                    }
                    let group = DisplayGroup(hosts: hosts, fleet: fleet)
                    let status = try group.run()
                    return group.startsAgain ? SelfRestart.exec(SelfRestart.arguments(arguments, resuming: [])) : status
                }
                let host = WindowHost(options: o, catalog: catalog, assets: assets, loader: loader, fleet: fleet)
                let status = try host.run()
                return host.startsAgain ? SelfRestart.exec(SelfRestart.arguments(arguments, resuming: host.resumeArguments)) : status
            }
        } catch let e as UsageError {
            fail(e.message)
            return 2
        } catch let e as FleetCommands.Failure {
            fail(e.description)
            return 1
        } catch let e as SettingError {
            fail(e.message)
            return 2
        } catch let e as SDLError where e.isBadArgument {
            fail(e.description)
            return 2
        } catch {
            fail("\(error)")
            return 1
        }
    }

    static func fail(_ message: String) {
        StandardError.message(message)
    }

    /// Lumen's assets folder (photos and fonts) for `catalog`'s app, its fonts and the app's
    /// registered for text; nil when it cannot be found.
    package static func assets(for catalog: SceneCatalog) -> String? { try? Lumen.bootstrap(catalog) }

    /// Runs the app of `catalog` with the process's arguments, and exits.
    package static func main(_ catalog: SceneCatalog) -> Never {
        StandardError.programName = catalog.command
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A decoder worker (started by the app itself) locks itself down before anything else.
        if arguments.first == DecoderWorker.argument {
            let environment = AppEnvironment.process
            DecoderWorker.run(Array(arguments.dropFirst()), deadline: environment.decoders.deadline, fault: environment.faults.workerFault)
        }
        if arguments.first == VideoPlayer.argument {
            let parent = arguments.dropFirst().first.flatMap { pid_t($0) } ?? getppid()
            exit(lumen_video_worker_main(parent))
        }
        PlatformWindow.unblockQuitSignals()
        // Under systemd (`StandardError=journal`) lines go to the journal with their fields.
        if JournalSink.standardErrorIsJournal(AppEnvironment.process.fleet) { StandardError.sink = JournalSink(identifier: catalog.command) }
        exit(run(arguments, catalog: catalog, decoder: decoders()))
    }

    /// Photos are decoded by sandboxed worker processes (`LUMEN_DECODE_WORKERS=0`: in the app),
    /// one pool for the process's loaders, handed to each.
    static func decoders() -> PhotoDecoding {
        let settings = AppEnvironment.process.decoders
        return settings.workers > 0 ? DecoderPool(settings: settings) : InProcessDecoding()
    }
}
