import Fleet
import Foundation
import Glibc
import LumenTestSupport
import Render
import Testing

/// A kiosk among the tools a fleet runs: systemd's notifications and watchdog (with the test
/// as the service manager), the status socket, the metrics file read by Debian's
/// node_exporter, and the journal (a journald of the test's own).
@Suite("A kiosk in a fleet: systemd, status, metrics, journal", .serialized)
struct FleetTests {
    /// A fresh runtime folder (`XDG_RUNTIME_DIR`), mode 0700 as logind makes it.
    static func runtimeFolder(_ name: String) -> String {
        let dir = ImageFixtures.path(name)
        try? FileManager.default.removeItem(atPath: dir)
        mkdir(dir, 0o700)
        return dir
    }

    static func status(_ socket: String) throws -> [String: Any] {
        let bytes = try StatusClient.ask(.status, at: socket).get()
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// A swatches kiosk on the dummy driver with its own runtime folder, once its status says a
    /// frame is on screen; and its status socket.
    static func swatchesKiosk(_ name: String) throws -> (RunningLumen, String) {
        let runtime = runtimeFolder("runtime-\(name)")
        let kiosk = try RunningLumen(["--kiosk", "--scene", "swatches", "--exit-after", "120"],
                                     env: ["SDL_VIDEODRIVER": "dummy", "XDG_RUNTIME_DIR": runtime], log: ImageFixtures.path("\(name).log"))
        let socket = runtime + "/lumen/status"
        #expect(kiosk.wait { _ in ((try? status(socket)["frames_presented"] as? Int) ?? 0) >= 1 }, "\(kiosk.log)")
        return (kiosk, runtime)
    }

    /// Voluntary context switches of the process's main thread: how often it woke.
    static func wakeups(_ pid: Int32) -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches") }
        return line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0
    }

    /// `READY=1` once a frame is on screen (the status says so at that moment), `WATCHDOG=1`
    /// within every half period while the kiosk sits idle (and no other wake-ups to speak of),
    /// `STATUS=` with the scene, `STOPPING=1` at the end.
    @Test func readyAfterTheFirstFrameThenTheWatchdogWhileIdleThenStopping() throws {
        let listener = NotifyListener("notify-ready.sock")
        let runtime = Self.runtimeFolder("runtime-ready")
        // On a real X server: SDL's dummy driver polls its queue every millisecond when idle.
        let server = try XServer(width: 1280, height: 800)
        defer { server.stop() }
        let kiosk = try RunningLumen(["--kiosk", "--scene", "swatches", "--exit-after", "6"],
                                     env: ["SDL_VIDEODRIVER": "x11", "DISPLAY": server.display, "NOTIFY_SOCKET": listener.path,
                                           "WATCHDOG_USEC": "2000000", "XDG_RUNTIME_DIR": runtime],
                                     log: ImageFixtures.path("notify-ready.log"))
        var messages: [(time: Double, text: String)] = []
        var framesAtReady: Int?
        var wakeups: [Int] = []
        while let m = listener.next(timeout: 60) {
            messages.append(m)
            if m.text.contains("READY=1") {
                framesAtReady = try Self.status(runtime + "/lumen/status")["frames_presented"] as? Int
            }
            if m.text == "WATCHDOG=1" { wakeups.append(Self.wakeups(kiosk.pid)) }
            if m.text.contains("STOPPING=1") { break }
        }
        kiosk.stop()
        let texts = messages.map(\.text)
        #expect(texts.first?.contains("READY=1") == true && texts.first?.contains("STATUS=Renderer swatches") == true, "\(texts)")
        #expect((framesAtReady ?? 0) >= 1, "a frame was on screen when READY=1 came: \(String(describing: framesAtReady))")
        #expect(texts.last == "STOPPING=1", "\(texts)")
        let pings = messages.filter { $0.text == "WATCHDOG=1" }.map(\.time)
        #expect(pings.count >= 3, "a ping every second for 6 s: \(pings.count)")
        let gaps = zip(pings.dropFirst(), pings).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 < 2 }, "no gap as long as the watchdog's period: \(gaps)")
        // Idle between pings: the main thread woke a few times a ping, not every millisecond.
        let woke = zip(wakeups.dropFirst(), wakeups).map { $0 - $1 }
        #expect(woke.dropFirst().allSatisfy { $0 < 25 }, "wake-ups between pings: \(woke)")
    }

    /// A frame loop that hangs (`LUMEN_HANG_AFTER`) stops the pings; the service manager kills
    /// it (SIGABRT, systemd's `WatchdogSignal=`) and starts it again, and it comes back on the
    /// entry it was showing. A clean quit after that leaves nothing to come back to.
    @Test func aHungLoopIsKilledAndComesBackOnItsEntry() throws {
        let listener = NotifyListener("notify-hang.sock")
        let runtime = Self.runtimeFolder("runtime-hang")
        let playlist = ImageFixtures.write(Array("""
            {"crossfade": 0, "hold": 0, "entries": [{"scene": "swatches", "seconds": 1}, {"scene": "curves", "seconds": 1},
             {"scene": "cards", "seconds": 1}, {"scene": "swatches", "seconds": 1}, {"scene": "curves", "seconds": 600}]}
            """.utf8), "hang-playlist.json")
        let environment = ["SDL_VIDEODRIVER": "dummy", "NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000", "XDG_RUNTIME_DIR": runtime]
        let first = try RunningLumen(["--kiosk", "--playlist", playlist], env: environment.merging(["LUMEN_HANG_AFTER": "2.5"]) { $1 },
                                     log: ImageFixtures.path("notify-hang-1.log"))
        // The service manager: every notification read as it comes, the last status kept. The
        // loop says when it hangs; after that the queue runs dry and stays so for longer than
        // the watchdog's period (1 s), with no ping: systemd's watchdog fires.
        let hang = "LUMEN_HANG_AFTER: the frame loop stops answering now"
        var status = "", lastMessage = Date()
        let giveUp = Date().addingTimeInterval(120)
        while true {
            try #require(Date() < giveUp, "the loop did not hang, or its pings went on: \(first.log)")
            if let m = listener.next(timeout: 0.1) {
                for line in m.text.split(separator: "\n") where line.hasPrefix("STATUS=") { status = String(line.dropFirst(7)) }
                lastMessage = Date()
                continue
            }
            if first.log.contains(hang) && Date().timeIntervalSince(lastMessage) > 1.5 { break }
            try #require(first.process.isRunning, "\(first.log)")
        }
        // systemd's watchdog: WatchdogSignal (SIGABRT), then SIGKILL after TimeoutAbortSec (the
        // Swift runtime's crash handler prints a backtrace for SIGABRT, and may then go on).
        kill(first.pid, SIGABRT)
        if !ProcessDeadline.wait(first.process, seconds: 5) { ProcessDeadline.stop(first.process, signal: SIGKILL) }
        let entry = try #require(status.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }, "\(status)")
        #expect(entry >= 2, "it hung past the first entry: \(status)")

        // From here nobody reads the notifications: a manager that reads nothing fills its queue,
        // and the kiosk goes on all the same.
        let second = try RunningLumen(["--kiosk", "--playlist", playlist], env: environment, log: ImageFixtures.path("notify-hang-2.log"))
        #expect(second.wait(for: "coming back to entry \(entry), where the last run stopped without quitting"), "\(second.log)")
        #expect(second.wait { _ in (try? Self.status(runtime + "/lumen/status")["entry"] as? Int) == entry }, "\(second.log)")
        second.stop()
        #expect(second.process.terminationStatus == 0, "\(second.log)")

        let third = try RunningLumen(["--kiosk", "--playlist", playlist, "--exit-after", "0.5"], env: environment,
                                     log: ImageFixtures.path("notify-hang-3.log"))
        #expect(third.end(within: 90))
        #expect(third.log.contains("playlist entry 1 of 5") && !third.log.contains("coming back"), "\(third.log)")
    }

    /// `lumen status` and `lumen screenshot` from another process, through a socket only the
    /// same user can open.
    @Test func statusAndScreenshotThroughTheSocket() throws {
        let (kiosk, runtime) = try Self.swatchesKiosk("status")
        defer { kiosk.stop() }
        let socket = runtime + "/lumen/status"
        let printed = try Binary.run(["status"], env: ["XDG_RUNTIME_DIR": runtime])
        #expect(printed.status == 0, "\(printed.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any])
        for key in ["scene", "showing", "uptime_seconds", "frames_presented", "frames_late", "resident_bytes", "image_bytes",
                    "worker_restarts", "problems", "pid", "program", "seconds_since_loop_pass"] {
            #expect(object[key] != nil, "\(key) in \(printed.stdout)")
        }
        #expect(object["scene"] as? String == "swatches" && object["pid"] as? Int == Int(kiosk.pid), "\(printed.stdout)")
        #expect(((object["resident_bytes"] as? Int) ?? 0) > 10_000_000, "\(printed.stdout)")

        let png = ImageFixtures.path("status-shot.png")
        let shot = try Binary.run(["screenshot", "--out", png], env: ["XDG_RUNTIME_DIR": runtime])
        #expect(shot.status == 0, "\(shot.stderr)")
        let picture = try PNGFile.read(png)
        try #require(picture.width >= 320 && picture.height >= 200, "\(picture.width)×\(picture.height)")
        #expect(picture[picture.width / 2, picture.height - 10] & 0xFFFFFF == 0xF2F2F7, "the swatches' grouped background")

        // Only this user: the folder 0700, the socket 0600; another user cannot connect.
        var folder = stat(), file = stat()
        stat(runtime + "/lumen", &folder)
        stat(socket, &file)
        #expect(folder.st_mode & 0o777 == 0o700 && file.st_mode & 0o777 == 0o600)
        let other = try ProgramOutput.run("/usr/sbin/runuser", ["-u", "nobody", "--", "/usr/bin/python3", "-c",
                                                               "import socket; socket.socket(socket.AF_UNIX).connect('\(socket)')"])
        #expect(other.status != 0 && other.text.contains("PermissionError"), "\(other.text)")
    }

    /// The metrics file as node_exporter's textfile collector serves it, scraped over HTTP.
    @Test func metricsReachPrometheusThroughNodeExporter() throws {
        let folder = Self.runtimeFolder("textfile")
        let kiosk = try RunningLumen(["--kiosk", "--scene", "swatches", "--metrics", folder + "/lumen.prom", "--metrics-every", "1",
                                      "--exit-after", "120"],
                                     env: ["SDL_VIDEODRIVER": "dummy", "XDG_RUNTIME_DIR": Self.runtimeFolder("runtime-metrics")],
                                     log: ImageFixtures.path("metrics.log"))
        defer { kiosk.stop() }
        #expect(kiosk.wait { _ in
            let text = (try? String(contentsOfFile: folder + "/lumen.prom", encoding: .utf8)) ?? ""
            return text.contains("lumen_frames_presented_total ") && !text.contains("lumen_frames_presented_total 0\n")
        }, "\(kiosk.log)")
        let port = Int.random(in: 20_000...40_000)
        let exporter = Process()
        exporter.executableURL = URL(fileURLWithPath: "/usr/bin/prometheus-node-exporter")
        exporter.arguments = ["--collector.disable-defaults", "--collector.textfile", "--collector.textfile.directory=\(folder)",
                              "--web.listen-address=127.0.0.1:\(port)"]
        exporter.standardError = FileHandle.nullDevice
        try exporter.run()
        defer { ProcessDeadline.stop(exporter) }
        var scraped = ""
        for _ in 0..<200 where !scraped.contains("lumen_frames_presented_total") && exporter.isRunning {
            scraped = (try? ProgramOutput.run("/usr/bin/python3", ["-c", "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:\(port)/metrics').read().decode())"]).text) ?? ""
            if !scraped.contains("lumen_") { usleep(100_000) }
        }
        let lines = scraped.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("lumen_frames_presented_total ") && !$0.hasSuffix(" 0") }, "\(scraped.suffix(3000))")
        #expect(lines.contains { $0.hasPrefix("lumen_showing_info{") && $0.contains("scene=\"swatches\"") }, "\(scraped.suffix(3000))")
        #expect(lines.contains("node_textfile_scrape_error 0"), "node_exporter read the file whole: \(scraped.suffix(3000))")
        #expect(lines.contains("lumen_up 1"), "\(scraped.suffix(3000))")
        // A kiosk stopped on purpose says so in its last write.
        kiosk.stop()
        let last = (try? String(contentsOfFile: folder + "/lumen.prom", encoding: .utf8)) ?? ""
        #expect(last.contains("\nlumen_up 0\n") && last.contains("lumen_frames_presented_total "), "\(last)")
    }

    /// Under systemd (standard error on the journal's stream), lines go to the journal with
    /// fields a fleet filters on: a photo whose decoder crashed is a warning about that file,
    /// with the worker's pid and the scene on screen; the status counts the lost worker.
    @Test func linesReachTheJournalWithFields() throws {
        let dir = ImageFixtures.path("journal-photos")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let jpeg = ImageFixtures.jpeg(320, 240) { _, _ in (200, 30, 30) }
        _ = FileManager.default.createFile(atPath: dir + "/good.jpg", contents: Data(jpeg))
        let tag = Array("lumen-fault".utf8)
        _ = FileManager.default.createFile(atPath: dir + "/bad.jpg", contents: Data(Array(jpeg[..<2]) + [0xFF, 0xFE, 0, UInt8(tag.count + 2)] + tag + jpeg[2...]))
        let json = ImageFixtures.path("journal.json")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let run = try ProgramOutput.run(root + "/scripts/journal-run", [json, "lumen-test", "/usr/bin/env", "SDL_VIDEODRIVER=dummy",
                                                                        "LUMEN_WORKER_FAULT=crash", "XDG_RUNTIME_DIR=\(Self.runtimeFolder("runtime-journal"))",
                                                                        Binary.url.path, "--kiosk", "--scene", "gallery", "--images", dir,
                                                                        "--exit-after", "3"])
        #expect(run.status == 0, "\(run.text)")
        let entries = ((try? String(contentsOfFile: json, encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let crash = entries.first { ($0["MESSAGE"] as? String)?.contains("bad.jpg: the decoder crashed") == true }
        let found = try #require(crash, "\(entries.map { $0["MESSAGE"] ?? "" })")
        #expect(found["PRIORITY"] as? String == "4")
        #expect(found["LUMEN_FILE"] as? String == dir + "/bad.jpg")
        #expect(Int(found["LUMEN_WORKER_PID"] as? String ?? "").map { $0 > 1 } == true, "\(found)")
        #expect((found["LUMEN_ENTRY"] as? String)?.contains("Color Reveal") == true, "\(found)")
        #expect(found["SYSLOG_IDENTIFIER"] as? String == "lumen")
        #expect(found["_TRANSPORT"] as? String == "journal", "sent with the journal's own protocol, not as a line of the stream")
        let info = entries.first { ($0["MESSAGE"] as? String)?.hasPrefix("drawing with") == true }
        #expect(info?["PRIORITY"] as? String == "6", "\(entries.map { $0["MESSAGE"] ?? "" })")
    }

    /// Bad input gets one line and exit status 2 before anything opens; a kiosk already
    /// running on the socket goes on answering.
    @Test func badFleetInputIsRefusedWithOneLine() throws {
        let cases: [([String], String)] = [
            (["--metrics", "/proc/no-such-folder/lumen.prom"], "--metrics: cannot write /proc/no-such-folder/lumen.prom."),
            (["--metrics", ImageFixtures.path("lumen.txt")], "reads only files ending in .prom"),
            (["--metrics-every", "0"], "--metrics-every must be at least 1"),
            (["--status-socket", "/proc/no-such-folder/status"], "status socket: cannot make /proc/no-such-folder"),
        ]
        for (args, message) in cases {
            let r = try Binary.run(["--kiosk", "--scene", "swatches", "--exit-after", "5"] + args, env: ["SDL_VIDEODRIVER": "dummy"])
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(message) && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
        // A second kiosk on the first one's socket is told which process holds it.
        let (first, runtime) = try Self.swatchesKiosk("twice")
        defer { first.stop() }
        let socket = runtime + "/lumen/status"
        let second = try Binary.run(["--kiosk", "--scene", "hero", "--exit-after", "5"], env: ["SDL_VIDEODRIVER": "dummy", "XDG_RUNTIME_DIR": runtime])
        #expect(second.status == 2 && second.stderr.contains("\(socket) is in use by process \(first.pid)"), "\(second.stderr)")
        let still = Result { try Self.status(socket) }
        #expect((try? still.get())?["scene"] as? String == "swatches", "the first kiosk still answers: \(still)")
        // Asking where nothing answers: one line, exit status 1.
        let nobody = try Binary.run(["status", "--status-socket", ImageFixtures.path("nothing-here")])
        #expect(nobody.status == 1 && nobody.stderr.hasPrefix("lumen: status: no running kiosk answers at"), "\(nobody.stderr)")
        let noOut = try Binary.run(["screenshot"])
        #expect(noOut.status == 2 && noOut.stderr.contains("--out"), "\(noOut.stderr)")
    }
}
