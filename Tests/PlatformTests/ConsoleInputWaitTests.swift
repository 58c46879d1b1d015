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
}
