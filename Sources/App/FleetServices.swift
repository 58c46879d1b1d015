import Fleet
import Glibc
import Pixels
import Render
import Scenes
import SystemSupport

/// What a window offers the tools a fleet runs (`Fleet`): systemd's notifications and
/// watchdog, the status socket (`lumen status`, `lumen screenshot`), the metrics file, and the
/// playlist entry to come back to after a hang. Made before the window opens, so that a socket
/// in use or a metrics file that cannot be written stops a start with exit status 2 and nothing
/// else on screen disturbed. The frame loop calls `passed` after each pass and `duties` on
/// its wait; the server's thread reads what the last pass published.
package final class FleetServices: @unchecked Sendable {
    /// What the frame loop publishes for the server's thread.
    struct Published: Sendable {
        var scene = "", showing = "starting", entry: Int?, entries: Int?
        var framesPresented = 0, framesLate = 0, imageBytes = 0, workersLost = 0
        var screenOff = false
        var lastPass = Stopwatch.now()
        /// Which of the process's windows (0 the first given), the display it belongs on, and
        /// whether it waits for that display (unplugged).
        var display = 0, displayName: String?, waiting = false
    }

    let manager = ServiceManager(AppEnvironment.process.fleet)
    private let metrics: MetricsFile?
    private let metricsEvery: Double
    private var metricsDue = -Double.infinity
    /// Where each display's playlist entry is kept (the second display's beside the first's).
    private let resume: [ResumePoint]
    private var server: StatusServer?
    /// What each window's last pass published (one a display).
    private let published: Locked<[Published]>
    private let started = Stopwatch.now()
    private let program: String
    /// Screenshots the server's thread waits for: asked, then answered by the frame loop
    /// (woken by the window's `wake`); all four under `shots`'s lock.
    private let shots = Condition()
    private var shotAsked = 0, shotAnswered = 0, shot: Result<[UInt8], StatusSocket.Failure>?
    private var wake: (@Sendable () -> Void)?

    init(_ options: FleetOptions, command: String, kiosk: Bool, displays: Int = 1) throws(UsageError) {
        program = command
        published = Locked((0..<max(displays, 1)).map { var p = Published(); p.display = $0; return p })
        do throws(MetricsFile.Failure) {
            metrics = try options.metrics.map { path throws(MetricsFile.Failure) in try MetricsFile(path: path) }
        } catch {
            throw UsageError(error.description)
        }
        metricsEvery = options.metricsEvery
        let resumePath = kiosk ? ResumePoint.defaultPath(command: command, AppEnvironment.process.fleet) : nil
        resume = resumePath.map { path in (0..<max(displays, 1)).map { ResumePoint(path: $0 == 0 ? path : path + ".display\($0)") } } ?? []
        // A socket asked for must open; a kiosk's own may be missing (no runtime folder), with a
        // line saying so; but one in use means a second kiosk of this user, which must be told.
        let asked = options.statusSocket
        if let path = asked ?? (kiosk ? StatusSocket.defaultPath(command: command, AppEnvironment.process.fleet) : nil) {
            do throws(StatusSocket.Failure) {
                server = try StatusServer(path: path) { [unowned self] in self.answer($0) }
            } catch {
                if asked != nil || error.inUse { throw UsageError("status socket: \(error.description)") }
                LogFields.warning { StandardError.stampedMessage("no status socket: \(error.description); lumen status cannot reach this kiosk") }
            }
        } else if kiosk {
            StandardError.stampedMessage("no status socket: XDG_RUNTIME_DIR is not set (give --status-socket PATH for lumen status)")
        }
    }

    /// The window's wake, for a screenshot asked from the server's thread.
    func attach(wake: @escaping @Sendable () -> Void) { shots.withLock { self.wake = wake } }

    /// The playlist entry a run stopped by the watchdog (or a crash) was showing.
    func resumeIndex(playlist: String, display: Int = 0) -> Int? { resume.dropFirst(display).first?.load(playlist: playlist) }

    /// After a pass of the frame loop: what it shows published, the watchdog told, the status
    /// and metrics brought up to date, a screenshot asked for answered.
    func passed(_ loop: Published, now: Double, playlistPath: String?, snapshot: (() -> PixelBuffer)?) {
        let (before, all) = published.withLock { p in
            let before = p[loop.display]
            p[loop.display] = loop
            p[loop.display].lastPass = now
            return (before, p)
        }
        // Ready once every display has a frame on screen, or the screen schedule has it off (a
        // kiosk started at night draws its first frame in the morning), or waits for it.
        if all.allSatisfy({ $0.framesPresented > 0 || $0.screenOff || $0.waiting }) { manager.ready(status: Self.statusLine(all)) }
        if loop.showing != before.showing || loop.screenOff != before.screenOff || loop.waiting != before.waiting {
            if loop.display == 0 { StandardError.entryOnScreen = loop.showing }
            manager.status(Self.statusLine(all))
            if loop.showing != before.showing, let resume = resume.dropFirst(loop.display).first, let path = playlistPath, let entry = loop.entry {
                resume.save(playlist: path, index: entry - 1)
            }
        }
        manager.pingIfDue(at: now)
        if let metrics, now >= metricsDue {
            metricsDue = now + metricsEvery
            do throws(MetricsFile.Failure) { try metrics.write(MetricsFile.text(status(at: now))) } catch {
                LogFields.warning { StandardError.stampedMessage(error.description) }
            }
        }
        if let snapshot { answerScreenshot(snapshot) }
    }

    /// systemd's STATUS= line: what each display shows.
    private static func statusLine(_ all: [Published]) -> String {
        func line(_ p: Published) -> String {
            p.waiting ? "waiting for its display" : p.screenOff ? p.showing + " (screen off)" : p.showing
        }
        return all.count == 1 ? line(all[0]) : all.map { "display \($0.display): " + line($0) }.joined(separator: "; ")
    }

    /// Seconds from `now` until the next duty (the watchdog, the metrics), for the idle wait.
    func secondsToNextDuty(at now: Double) -> Double? {
        [manager.secondsToPing(at: now), metrics.map { _ in max(metricsDue - now, 0) }].compactMap { $0 }.min()
    }

    /// The window quits: the service manager told, nothing to come back to after a clean quit.
    func quitting(clean: Bool) {
        manager.stopping()
        if clean { resume.forEach { $0.clear() } }
        server = nil
        if let metrics {
            do throws(MetricsFile.Failure) { try metrics.write(MetricsFile.text(status(), running: false)) } catch {
                LogFields.warning { StandardError.stampedMessage(error.description) }
            }
        }
    }

    /// The status now, from what the last pass published.
    func status(at now: Double = Stopwatch.now()) -> KioskStatus {
        let all = published.withLock { $0 }
        let p = all[0]
        let problems = StandardError.problems
        var status = KioskStatus(program: program, pid: getpid(), scene: p.scene, entry: p.entry, entries: p.entries, showing: p.showing,
                                 uptimeSeconds: now - started, framesPresented: all.reduce(0) { $0 + $1.framesPresented },
                                 framesLate: all.reduce(0) { $0 + $1.framesLate },
                                 residentBytes: KioskStatus.residentBytes(), imageBytes: p.imageBytes, workerRestarts: p.workersLost,
                                 problems: problems.count, lastError: problems.last,
                                 lastErrorAt: problems.at.map { String(StandardError.stamped("", at: $0).dropLast()) },
                                 secondsSinceLoopPass: max(now - (all.map(\.lastPass).max() ?? now), 0), screen: p.screenOff ? "off" : "on")
        if all.count > 1 {
            status.displays = all.map {
                KioskStatus.Display(display: $0.display, name: $0.displayName, scene: $0.scene, entry: $0.entry, entries: $0.entries,
                                    showing: $0.showing, connected: !$0.waiting, screen: $0.screenOff ? "off" : "on",
                                    framesPresented: $0.framesPresented, framesLate: $0.framesLate)
            }
        }
        return status
    }

    // MARK: The server's thread

    private func answer(_ request: StatusServer.Request) -> Result<[UInt8], StatusSocket.Failure> {
        switch request {
        case .status: return .success(Array((status().json() + "\n").utf8))
        case .screenshot: return screenshot()
        }
    }

    /// Asks the frame loop for the frame on screen and waits for it (5 s at most).
    private func screenshot() -> Result<[UInt8], StatusSocket.Failure> {
        shots.lock()
        defer { shots.unlock() }
        shotAsked += 1
        let ticket = shotAsked
        wake?()
        let deadline = Stopwatch.now() + 5
        while shotAnswered < ticket {
            let left = deadline - Stopwatch.now()
            guard left > 0, shots.wait(seconds: left) || shotAnswered >= ticket else {
                return .failure(StatusSocket.Failure(description: "the frame loop did not answer within 5 s (it may be stuck; see lumen status)"))
            }
        }
        return shot ?? .failure(StatusSocket.Failure(description: "no frame"))
    }

    /// On the frame loop: a screenshot asked for, taken and encoded.
    private func answerScreenshot(_ snapshot: () -> PixelBuffer) {
        guard shots.withLock({ shotAsked > shotAnswered }) else { return }
        let png = Result { try PNGFile.encode(snapshot()) }.mapError { StatusSocket.Failure(description: "\($0)") }
        shots.withLock {
            shot = png
            shotAnswered = shotAsked
            shots.broadcast()
        }
    }
}
