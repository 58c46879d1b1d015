import Glibc
import SystemSupport

/// The descriptor `ConsoleInputWait.signal()` writes to, -1 while no wait is open. A plain
/// global: signal handlers read it (set before any signal can want it).
nonisolated(unsafe) private var consoleWakeDescriptor: Int32 = -1

/// Waiting for input on the console (SDL's KMS/DRM driver) without polling.
///
/// SDL 2.26's KMS driver has no event wait of its own: `SDL_WaitEventTimeout` there pumps,
/// finds nothing and sleeps 1 ms, over and over (SDL_events.c), a thousand wake-ups a second
/// on a kiosk showing a still picture all day. So on KMS Lumen waits itself, with poll(2) on:
/// - its own read-only descriptors of the input devices SDL reads (/dev/input/event*: mice,
///   keyboards, touchscreens and touchpads, sorted as SDL sorts them, `InputDeviceClass`). The
///   kernel hands each event to every reader of a device, so ours becomes readable when SDL's
///   does; ours are only drained, SDL reads its own at the next pump. Not the devices SDL
///   leaves alone: a tablet's accelerometer reports all the time and a gamepad's stick
///   jitters, and each report woke the kiosk for nothing.
/// - a pipe that `signal()` writes to: the window's wake from other threads and the quit
///   signals, whose events SDL's queue gets without any device stirring.
/// - udev's monitor (libudev, `UdevInputDevices`): udev has finished with a device, so it is
///   sorted by udev's properties from then on, as SDL, which hears of devices from the same
///   monitor, sorts it. A device plugged in is sorted by a guess from its capabilities until
///   then (the kernel makes its node before udev has run its rules).
/// - SDL's own udev monitor (`UdevListeners`), only polled: the kernel may hand udevd's event
///   to Lumen's monitor a moment before SDL's, and SDL hears of a device at the pump after it.
/// - inotify on /dev/input: a node made or removed (where no udev daemon runs, the only news
///   of a device). The descriptors are opened again before the next wait.
/// What wakes it is only a reason to pump SDL's events again: a device's event that SDL makes
/// nothing of wakes it for nothing, once. Each device is logged once as it is sorted (its
/// node, name, class, by what, and whether it is read), and again when that changes.
final class ConsoleInputWait {
    /// The pipe's ends: `signal()` writes, the wait reads.
    private let wakeFD: Int32, signalFD: Int32
    private let watchFD: Int32
    private let udev: UdevInputDevices?
    private let listeners: UdevListeners?
    private var devices: [Int32] = []
    /// Whether the devices are to be opened again before the next wait.
    private(set) var devicesChanged = true
    /// The nodes (`event3`) udev has finished with: there at the first sort, or announced by
    /// its monitor since.
    private var finishedByUdev: Set<String>?
    /// How each node was last logged.
    private(set) var sorted: [String: String] = [:]
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// The input devices' folder (another in tests).
    private let folder: String

    /// Nil where no pipe can be made (then SDL's own wait is used).
    /// `listeners`: the other sockets that hear udev's events (by default those beside `udev`'s monitor).
    init?(devices folder: String = "/dev/input", udev: UdevInputDevices? = UdevInputDevices(), listeners: UdevListeners? = nil) {
        self.folder = folder
        self.udev = udev
        self.listeners = listeners ?? udev.map { UdevListeners(beside: $0.descriptor) }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        (wakeFD, signalFD) = (ends[0], ends[1])
        watchFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if watchFD >= 0 {
            // A node's permissions changed: udev's doing, which its monitor reports, unless none runs.
            let attributes = (udev?.descriptor ?? -1) >= 0 ? 0 : IN_ATTRIB
            _ = inotify_add_watch(watchFD, folder, UInt32(IN_CREATE | IN_DELETE | attributes))
        }
        consoleWakeDescriptor = signalFD
    }

    deinit {
        if consoleWakeDescriptor == signalFD { consoleWakeDescriptor = -1 }
        devices.forEach { close($0) }
        close(wakeFD)
        close(signalFD)
        if watchFD >= 0 { close(watchFD) }
    }

    /// Wakes the wait from any thread or a signal handler (async-signal-safe: one write(2); a
    /// full pipe already wakes it).
    static func signal() {
        let fd = consoleWakeDescriptor
        guard fd >= 0 else { return }
        var one: UInt8 = 1
        _ = write(fd, &one, 1)
    }

    /// Returns once a device has input, `signal()` was called, a device came or went, or
    /// `timeout` seconds passed (nil: no limit).
    func wait(timeout: Double?) {
        if devicesChanged { reopenDevices() }
        let monitorFD = udev?.descriptor ?? -1
        var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        for fd in [watchFD, monitorFD] where fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        let listening = listeners?.toPoll() ?? []
        fds += (devices + listening).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ms = timeout.map { Int32((min(max($0, 0), 1e6) * 1000).rounded(.up)) } ?? -1
        guard poll(&fds, nfds_t(fds.count), ms) > 0 else { return }
        for p in fds where p.revents != 0 {
            if p.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { devicesChanged = true }   // unplugged
            if p.fd == watchFD { readWatch() } else if p.fd == monitorFD { readMonitor() } else if !listening.contains(p.fd) { drain(p.fd) }
        }
    }

    /// Reads inotify's records: a device's node came or went.
    private func readWatch() {
        while buffer.withUnsafeMutableBytes({ read(watchFD, $0.baseAddress, $0.count) }) > 0 { devicesChanged = true }
    }

    /// Reads udev's monitor: the devices it has finished with are sorted again, by udev's word.
    private func readMonitor() {
        for (node, removed) in udev?.drain() ?? [] {
            if removed { finishedByUdev?.remove(node) } else { finishedByUdev?.insert(node) }
            devicesChanged = true
        }
    }

    /// The input devices SDL reads that this user may read, opened afresh.
    private func reopenDevices() {
        devicesChanged = false
        listeners?.refresh()
        devices.forEach { close($0) }
        devices = []
        guard let names = FolderEntries.names(in: folder) else { return }
        let first = finishedByUdev == nil
        if first { finishedByUdev = [] }
        var present: Set<String> = []
        for name in names where name.hasPrefix("event") {
            let fd = open(folder + "/" + name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            guard let capabilities = EvdevCapabilities(fd: fd) else { close(fd); continue }   // not evdev
            present.insert(name)
            if first { finishedByUdev?.insert(name) }
            if sort(fd, node: name, capabilities).isReadBySDL { devices.append(fd) } else { close(fd) }
        }
        sorted = sorted.filter { present.contains($0.key) }
    }

    /// The class of the open device `fd` at `node`: udev's, once udev has finished with it and
    /// sorts it, else the guess from its capabilities. Logged when it is new or changed.
    private func sort(_ fd: Int32, node: String, _ capabilities: EvdevCapabilities) -> InputDeviceClass {
        var info = stat()
        let byUdev = finishedByUdev?.contains(node) == true && fstat(fd, &info) == 0 ? udev?.sorting(of: info.st_rdev) : nil
        let (found, how): (InputDeviceClass, String)
        switch byUdev {
        case .some(let c) where !c.isEmpty: (found, how) = (c, "as udev sorts it")
        case .some: (found, how) = (.guess(capabilities), "guessed (udev gives it no class)")
        case nil: (found, how) = (.guess(capabilities), "guessed (not sorted by udev yet)")
        }
        let name = EvdevCapabilities.name(fd).map { "\"\($0)\"" } ?? "(no name)"
        let line = "input: \(folder)/\(node) \(name): \(found.words), \(how); \(found.isReadBySDL ? "read" : "left alone")"
        if sorted[node] != line {
            sorted[node] = line
            StandardError.message("\(line)")
        }
        return found
    }

    /// Reads what `fd` has until it has no more (evdev's events, the pipe's bytes: what they
    /// say does not matter here).
    private func drain(_ fd: Int32) {
        while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
