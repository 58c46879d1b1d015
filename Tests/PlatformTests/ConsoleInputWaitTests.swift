import CInputDevices
import Foundation
@testable import Platform
import Testing

/// Lumen's own wait on the console (KMS), apart from SDL: what ends it besides a device's input
/// (which the KMS tests give it: a tap on the virtual machine's tablet). Each wait here has a
/// 30-s limit, so a wake that is lost shows as a wait that took it.
@Suite("Waiting on the console", .serialized)
struct ConsoleInputWaitTests {
    private static func seconds(_ body: () -> Void) -> Double {
        let start = Date()
        body()
        return Date().timeIntervalSince(start)
    }

    @Test func aWakeFromAnotherThreadEndsTheWait() throws {
        let wait = try #require(ConsoleInputWait())
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            ConsoleInputWait.signal()
        }
        let took = Self.seconds { wait.wait(timeout: 30) }
        #expect(took < 20, "the wake was lost: the wait took \(took) s")
    }

    /// A wake that comes between the loop's look at SDL's queue and the wait is not lost.
    @Test func aWakeBeforeTheWaitIsKept() throws {
        let wait = try #require(ConsoleInputWait())
        ConsoleInputWait.signal()
        #expect(Self.seconds { wait.wait(timeout: 30) } < 20)
        // Drained: the next wait has nothing to end it but its time.
        let quiet = Self.seconds { wait.wait(timeout: 0.3) }
        #expect(quiet >= 0.25, "a second wait ended after \(quiet) s with nothing to wake it")
    }

    /// A window opened again (the GPU's window given up for Cairo's) has a new wait; the old
    /// one going after it must not unhook the wake from the new one.
    @Test func theNewWindowsWaitKeepsTheWake() throws {
        let new: ConsoleInputWait
        do {
            let old = try #require(ConsoleInputWait())
            new = try #require(ConsoleInputWait())
            withExtendedLifetime(old) {}
        }   // the old one goes here
        ConsoleInputWait.signal()
        #expect(Self.seconds { new.wait(timeout: 30) } < 20)
    }

    /// A device's node made or removed (the kernel's devtmpfs, before udev has run: where no
    /// udev daemon runs, the only news of it) sorts the devices again; nothing else in the
    /// folder does. udev's own word comes through its monitor, which the KMS tests' machine runs.
    @Test func aDeviceNodeMadeOrRemovedSortsTheDevicesAgain() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("lumen-wait-\(getpid())")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: input) }
        let wait = try #require(ConsoleInputWait(devices: input.path))
        wait.wait(timeout: 0)
        #expect(!wait.devicesChanged, "sorted once, at the first wait")
        wait.wait(timeout: 0)
        #expect(!wait.devicesChanged, "nothing came")
        let node = input.appendingPathComponent("event9").path
        #expect(FileManager.default.createFile(atPath: node, contents: nil))
        wait.wait(timeout: 0)
        #expect(wait.devicesChanged, "a device's node")
        wait.wait(timeout: 0)
        #expect(!wait.devicesChanged, "sorted again")
        #expect(wait.sorted.isEmpty, "a file that is no device is not sorted: \(wait.sorted)")
        try FileManager.default.removeItem(atPath: node)
        wait.wait(timeout: 0)
        #expect(wait.devicesChanged, "the node gone")
    }

    /// A temporary input folder with no devices and a pair of datagram sockets, the first
    /// standing for SDL's udev monitor: readable when udevd's event reaches SDL, read only by
    /// SDL's pump; the second sends it messages.
    private static func withListener(_ body: (ConsoleInputWait, _ read: Int32, _ write: Int32) throws -> Void) throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("lumen-listen-\(getpid())")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: input) }
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let wait = try #require(ConsoleInputWait(devices: input.path, udev: nil, listeners: UdevListeners { [ends[0]] }))
        try body(wait, ends[0], ends[1])
    }

    /// How long a 30-s wait takes when a message is sent on `socket` 0.2 s into it.
    private static func secondsOfWait(_ wait: ConsoleInputWait, endedBySending socket: Int32) -> Double {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            var one: UInt8 = 1
            _ = Glibc.write(socket, &one, 1)
        }
        return seconds { wait.wait(timeout: 30) }
    }

    /// SDL's monitor becoming readable ends the wait (udevd's event may reach Lumen's monitor
    /// first, and SDL hears of the device only at a pump), and the wait leaves it to SDL.
    @Test func sdlsUdevMonitorEndsTheWaitAndIsLeftToSDL() throws {
        try Self.withListener { wait, read, write in
            wait.wait(timeout: 0)
            let took = Self.secondsOfWait(wait, endedBySending: write)
            #expect(took < 20, "SDL's monitor did not end the wait: it took \(took) s")
            var byte: UInt8 = 0
            #expect(Glibc.read(read, &byte, 1) == 1, "the wait read what was SDL's to read")
            // Read (as SDL's pump reads it): nothing ends the next wait but its time.
            #expect(Self.seconds { wait.wait(timeout: 0.3) } >= 0.25)
        }
    }

    /// A listener nobody reads would end every wait at once: the `unreadLimit`-th wait that
    /// begins with it unread leaves it out, and sleeps.
    @Test func aListenerNobodyReadsIsLeftOut() throws {
        try Self.withListener { wait, _, write in
            var one: UInt8 = 1
            _ = Glibc.write(write, &one, 1)
            let quick = (1..<UdevListeners.unreadLimit).map { _ in Self.seconds { wait.wait(timeout: 5) } }
            #expect(quick.allSatisfy { $0 < 2.5 }, "each wait until it is left out ends at once: \(quick)")
            #expect(Self.seconds { wait.wait(timeout: 0.3) } >= 0.25, "left out, it no longer ends the wait")
        }
    }

    /// A burst of udev's messages (a hub of devices plugged in) can come between each pump and
    /// the next wait; SDL reads each, so the listener is not left out, however long the burst.
    @Test func aBurstThatSDLReadsKeepsTheListener() throws {
        try Self.withListener { wait, read, write in
            var byte: UInt8 = 0
            let waits = (0..<(2 * UdevListeners.unreadLimit)).map { i in
                var message = UInt8(i)
                _ = Glibc.write(write, &message, 1)   // after the pump, before the wait
                let took = Self.seconds { wait.wait(timeout: 5) }
                _ = Glibc.read(read, &byte, 1)   // SDL's pump
                return took
            }
            #expect(waits.allSatisfy { $0 < 2.5 }, "each wait begun with a new message ends at once: \(waits)")
            let took = Self.secondsOfWait(wait, endedBySending: write)
            #expect(took < 20, "the listener was left out after the burst: the wait took \(took) s")
        }
    }

    /// SDL's monitor is found among the process's sockets by what Lumen's own monitor is: a
    /// netlink socket of the same protocol bound to the same groups. Here two monitors of the
    /// kernel's events (those any process may hear): each finds the other, not itself, not a
    /// monitor of udevd's events.
    @Test func theOtherListenersAreFoundByTheMonitorsAddress() throws {
        let udev = try #require(udev_new())
        defer { udev_unref(udev) }
        func monitor(_ events: String) throws -> OpaquePointer {
            let m = try #require(udev_monitor_new_from_netlink(udev, events))
            #expect(udev_monitor_enable_receiving(m) == 0)
            return m
        }
        let (a, b, c) = (try monitor("kernel"), try monitor("kernel"), try monitor("udev"))
        defer { [a, b, c].forEach { udev_monitor_unref($0) } }
        let (fa, fb, fc) = (udev_monitor_get_fd(a), udev_monitor_get_fd(b), udev_monitor_get_fd(c))
        #expect(UdevListeners.sockets(like: fa) == [fb], "beside \(fa): \(UdevListeners.sockets(like: fa)); udevd's: \(fc)")
        #expect(UdevListeners.sockets(like: fb) == [fa])
        #expect(!UdevListeners.sockets(like: fc).contains(fa) && !UdevListeners.sockets(like: fc).contains(fb))
    }
}
