import Dispatch
import Fleet
import Foundation
import Testing

/// The service manager's notifications never hold up the frame loop: a manager that reads
/// nothing fills its queue, and what it refused is sent once it reads again.
@Suite struct ServiceManagerTests {
    private static func manager(_ listener: NotifyListener) -> ServiceManager {
        ServiceManager(FleetEnvironment(notifySocket: listener.path, watchdogMicroseconds: "1000000"))
    }

    /// Every datagram queued now.
    private static func drain(_ listener: NotifyListener) -> [String] {
        var texts: [String] = []
        while let m = listener.next(timeout: 0) { texts.append(m.text) }
        return texts
    }

    @Test func aManagerThatReadsNothingNeverStopsTheSender() throws {
        let listener = NotifyListener("notify-full.sock")
        let manager = Self.manager(listener)
        #expect(manager.isListening && manager.pingInterval == 0.5)
        // Forty messages to a queue that holds fewer (net.unix.max_dgram_qlen, 10 by default);
        // a sender that waits for the manager never comes back from them.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let sender = manager  // handed back through the semaphore
        DispatchQueue.global().async {
            let manager = sender
            manager.ready(status: "entry 1")
            for i in 1...40 {
                manager.pingIfDue(at: Double(i))
                manager.status("entry \(i + 1)")
            }
            done.signal()
        }
        try #require(done.wait(timeout: .now() + 60) == .success, "the sender waited for a manager that does not read")
        #expect(manager.isOwing, "the queue filled, so something is owed")
        let queued = Self.drain(listener)
        #expect(queued.count < 80 && queued.first == "READY=1\nSTATUS=entry 1", "\(queued)")

        // The manager reads again: the next pass sends what is owed, the latest status once.
        manager.pingIfDue(at: 40.1)
        let owed = try #require(listener.next(timeout: 5)?.text)
        #expect(owed == "WATCHDOG=1\nSTATUS=entry 41", "\(owed)")
        #expect(!manager.isOwing && listener.next(timeout: 0) == nil)
    }

    @Test func anAbstractSocketIsReached() throws {
        let listener = NotifyListener("notify-abstract", abstract: true)
        let manager = Self.manager(listener)
        manager.ready(status: "swatches")
        manager.stopping()
        #expect(listener.next(timeout: 5)?.text == "READY=1\nSTATUS=swatches")
        #expect(listener.next(timeout: 5)?.text == "STOPPING=1")
    }

    @Test(arguments: ["", "relative/notify", "@" + String(repeating: "x", count: 200)])
    func aValueNamingNoSocketMeansNoManager(_ value: String) {
        let manager = ServiceManager(FleetEnvironment(notifySocket: value, watchdogMicroseconds: "1000000"))
        #expect(!manager.isListening && manager.pingInterval == nil)
    }

    @Test func aManagerThatWentAwayOwesNothing() {
        var manager: ServiceManager?
        do {
            let listener = NotifyListener("notify-gone.sock")
            manager = Self.manager(listener)
        }
        manager?.ready(status: "swatches")
        #expect(manager?.isOwing == false)
    }
}
