import Glibc

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
/// - inotify on /dev/input: a device plugged in (SDL opens it at its next pump), or gone; the
///   descriptors are opened again before the next wait. And on udev's records
///   (/run/udev/data): the kernel makes a device's node before udev has sorted it, so a device
///   first sorted by a guess is sorted again once udev's record of it is written (SDL itself
///   hears of a device from udev, after its record).
/// What wakes it is only a reason to pump SDL's events again: a device's event that SDL makes
/// nothing of wakes it for nothing, once.
final class ConsoleInputWait {
    /// The pipe's ends: `signal()` writes, the wait reads.
    private let wakeFD: Int32, signalFD: Int32
    private let watchFD: Int32
    /// The watch on udev's records (-1 where there is none).
    private var udevWatch: Int32 = -1
    private var devices: [Int32] = []
    /// Whether the devices are to be opened again before the next wait.
    private(set) var devicesChanged = true
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// The input devices' folder and udev's records' (other folders in tests).
    private let folder: String, udevData: String

    /// Nil where no pipe can be made (then SDL's own wait is used).
    init?(devices folder: String = "/dev/input", udevData: String = "/run/udev/data") {
        (self.folder, self.udevData) = (folder, udevData)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        (wakeFD, signalFD) = (ends[0], ends[1])
        watchFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if watchFD >= 0 {
            _ = inotify_add_watch(watchFD, folder, UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB))
            udevWatch = inotify_add_watch(watchFD, udevData, UInt32(IN_CREATE | IN_MOVED_TO))   // udev renames a record into place
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
        var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        if watchFD >= 0 { fds.append(pollfd(fd: watchFD, events: Int16(POLLIN), revents: 0)) }
        fds += devices.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ms = timeout.map { Int32((min(max($0, 0), 1e6) * 1000).rounded(.up)) } ?? -1
        guard poll(&fds, nfds_t(fds.count), ms) > 0 else { return }
        for p in fds where p.revents != 0 {
            if p.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { devicesChanged = true }   // unplugged
            if p.fd == watchFD { readWatch() } else { drain(p.fd) }
        }
    }

    /// Reads inotify's records: a device came or went, or udev wrote an input device's record
    /// (`c13:MINOR`; not the records of other devices, written whenever udev handles one).
    private func readWatch() {
        while true {
            let n = buffer.withUnsafeMutableBytes { read(watchFD, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            buffer.withUnsafeBytes { bytes in
                var at = 0
                while at + MemoryLayout<inotify_event>.size <= n {
                    let wd = bytes.loadUnaligned(fromByteOffset: at, as: Int32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self))
                    let name = bytes[(at + 16)..<min(at + 16 + length, n)].prefix { $0 != 0 }
                    if wd != udevWatch || name.starts(with: "c13:".utf8) { devicesChanged = true }
                    at += MemoryLayout<inotify_event>.size + length
                }
            }
        }
    }

    /// The input devices SDL reads that this user may read, opened afresh.
    private func reopenDevices() {
        devicesChanged = false
        devices.forEach { close($0) }
        devices = []
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("event") else { continue }
            let fd = open(folder + "/" + name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if InputDeviceClass.of(fd, udevData: udevData).isReadBySDL { devices.append(fd) } else { close(fd) }
        }
    }

    /// Reads what `fd` has until it has no more (evdev's events, the pipe's bytes: what they
    /// say does not matter here).
    private func drain(_ fd: Int32) {
        while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
