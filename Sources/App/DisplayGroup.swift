import Platform
import Render
import SystemSupport

/// A window on each of several displays (`--display 0 --scene hero --display 1 --playlist
/// menu.json`), each with its own content, run by one thread: each window's passes in turn,
/// each paced by its own display's refresh (`FramePacer`), and one wait for the events of
/// all (SDL has one event queue; `EventRouter` sorts it by window). The windows share the
/// photos (one `ImageLoader`: one decode of a photo and size, one memory budget, one set of
/// decoder workers) and the fleet's services (one status socket, one metrics file).
///
/// A display unplugged while another stays: its window closes and its content waits, neither
/// moving nor drawing, while the other screens go on. When the display comes back (by name),
/// or a display comes that no window shows, the window opens again there, the content as it
/// was. The last display gone ends the run, as with one window (`WindowHost.startsAgain`).
final class DisplayGroup {
    private let hosts: [WindowHost]
    private let fleet: FleetServices
    /// Whether the process starts again, waiting for a display (all went away).
    private(set) var startsAgain = false

    init(hosts: [WindowHost], fleet: FleetServices) {
        self.hosts = hosts
        self.fleet = fleet
    }

    func run() throws -> Int32 {
        var loops: [WindowLoop] = []
        for host in hosts { loops.append(try host.openLoop()) }
        let windows = loops.map(\.window)
        let result = Result { try run(loops) }
        var status: Int32 = 0
        if case .success = result {
            for (host, loop) in zip(hosts, loops) { status = max(status, try host.ended(loop)) }
            startsAgain = hosts.contains(where: \.startsAgain)
        }
        fleet.quitting(clean: (try? result.get()) != nil && status == 0 && !startsAgain)
        // Each loop, and with it its renderer, goes while its window's GL context is current;
        // then the windows (as `WindowHost.run` does for one).
        while let loop = loops.popLast() { (loop.window as? PlatformWindow)?.makeContextCurrent(); _ = loop }
        withExtendedLifetime(windows) {}
        try result.get()
        return status
    }

    /// Passes of every open window, then one wait, until one ends (a quit is the process's).
    private func run(_ loops: [WindowLoop]) throws {
        while true {
            var deadline: Double?, sleepUntil: Double?
            let now = Stopwatch.now()
            for loop in loops where !loop.window.isDetached {
                uses(loop)
                switch try loop.pass() {
                case .over:
                    for other in loops where !other.window.isDetached { uses(other); try other.finish() }
                    return
                case .events(nil): break
                case .events(let timeout?): deadline = min(deadline ?? .infinity, now + timeout)
                case .sleep(let until): sleepUntil = min(sleepUntil ?? until, until)
                }
            }
            if let until = sleepUntil, until <= deadline ?? .infinity {
                Stopwatch.sleep(until: until)
                deadline = until
            }
            wait(until: deadline, loops)
            for loop in loops where !loop.window.isDetached {
                uses(loop)
                loop.pump(0)
            }
            if loops.contains(where: \.displaysChanged) { followDisplays(loops) }
        }
    }

    /// What is decoded, drawn and given back from now on is `loop`'s (`ImageMemory.user`).
    private func uses(_ loop: WindowLoop) { loop.runner.loader.memory.user = loop.display }

    /// Waits for the first event for any window, up to `deadline` (host seconds; nil: no limit).
    private func wait(until deadline: Double?, _ loops: [WindowLoop]) {
        let timeout = deadline.map { max($0 - Stopwatch.now(), 0) }
        if let window = loops.lazy.compactMap({ $0.window as? PlatformWindow }).first(where: { !$0.isDetached }) {
            window.waitForEvents(timeout: timeout)
        }
    }

    /// After a display was plugged in or out: a window whose display went closes (its content
    /// waits); a waiting one opens on its display come back, else on one no window shows.
    private func followDisplays(_ loops: [WindowLoop]) {
        for loop in loops { loop.displaysChanged = false }
        let present = PlatformWindow.displayIdentities()
        for loop in loops {
            guard let window = loop.window as? PlatformWindow, !window.isDetached, !window.homeIsPresent else { continue }
            loop.closeForDisplay { window.detach() }
        }
        for (i, loop) in loops.enumerated() {
            guard let window = loop.window as? PlatformWindow, window.isDetached else { continue }
            let shown = Set(loops.filter { !$0.window.isDetached }.compactMap(\.window.homeDisplay))
            guard let index = window.homeDisplay.flatMap(present.firstIndex(of:)) ?? present.firstIndex(where: { !shown.contains($0) }) else { continue }
            do {
                try window.attach(toDisplay: index)
                uses(loop)
                loop.reopened(drawingWith: hosts[i].renderer(forReopened: window))
            } catch {
                LogFields.warning { loop.runner.log("display \(loop.display): cannot open its window on \(present[index]) again: \(error)") }
            }
        }
        for loop in loops { loop.tellFleet() }
    }
}
