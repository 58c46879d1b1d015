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
}
