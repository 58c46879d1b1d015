import Glibc

/// The service manager's notifications (systemd's sd_notify(3) protocol), for a unit of
/// `Type=notify` with `WatchdogSec=`: `READY=1` once the first frame is on screen,
/// `WATCHDOG=1` every half watchdog period from the frame loop (and from its idle wait, which
/// wakes for it), `STATUS=` with what is on screen, `STOPPING=1` when quitting. Outside
/// systemd (no `NOTIFY_SOCKET`) every call does nothing.
///
/// Nothing here waits for the manager (`NotifySocket` says why). What its full queue refused
/// is owed: sent with the next message, or on the next call of `pingIfDue(at:)` (each pass of
/// the loop), the latest `STATUS=` replacing an older one.
package final class ServiceManager {
    /// Whether a service manager listens (`NOTIFY_SOCKET` names a socket).
    package var isListening: Bool { socket != nil }
    private let socket: NotifySocket?
    /// Lines the manager's full queue refused, sent with the next message.
    private var owed: [String] = []
    /// The watchdog's period in seconds, when the unit has one for this process.
    package let watchdogPeriod: Double?
    /// Host seconds (monotonic) of the last `WATCHDOG=1`.
    private var lastPing = -Double.infinity
    private var lastStatus = ""
    private var readySent = false

    /// For the environment the service manager gave.
    package init(_ environment: FleetEnvironment) {
        socket = environment.notifySocket.flatMap(NotifySocket.init)
        watchdogPeriod = socket != nil ? Self.watchdog(environment) : nil
    }

    /// The watchdog's period for this process, as sd_watchdog_enabled(3) reads it: when
    /// `WATCHDOG_PID` is unset or this process; also when it is the parent, as in a unit whose
    /// main process is a compositor that runs Lumen (`cage -- lumen`, with `NotifyAccess=all`).
    static func watchdog(_ environment: FleetEnvironment) -> Double? {
        guard let usec = environment.watchdogMicroseconds.flatMap(UInt64.init), usec > 0 else { return nil }
        if let text = environment.watchdogProcess {
            guard let pid = pid_t(text), pid == getpid() || pid == getppid() else { return nil }
        }
        return Double(usec) / 1e6
    }

    /// How often the loop tells the watchdog it lives: half its period, as sd_watchdog_enabled(3)
    /// advises.
    package var pingInterval: Double? { watchdogPeriod.map { $0 / 2 } }

    /// The first frame is on screen: `READY=1`, with the status, once.
    package func ready(status: String) {
        guard isListening, !readySent else { return }
        readySent = true
        lastStatus = status
        send(["READY=1", "STATUS=\(status)"])
    }

    /// What is on screen, sent when it changed.
    package func status(_ text: String) {
        guard isListening, text != lastStatus else { return }
        lastStatus = text
        send(["STATUS=\(text)"])
    }

    /// `WATCHDOG=1` when half the period has passed since the last (`now`: monotonic seconds);
    /// what is owed in any case.
    package func pingIfDue(at now: Double) {
        guard let interval = pingInterval, now - lastPing >= interval else {
            if !owed.isEmpty { send([]) }
            return
        }
        lastPing = now
        send(["WATCHDOG=1"])
    }

    /// Seconds from `now` until the next `WATCHDOG=1` is due (nil: no watchdog), for the idle wait.
    package func secondsToPing(at now: Double) -> Double? {
        pingInterval.map { max(lastPing + $0 - now, 0) }
    }

    /// The process is quitting: `STOPPING=1`.
    package func stopping() {
        guard isListening else { return }
        send(["STOPPING=1"])
    }

    /// Whether lines are owed: the manager's queue was full when they were sent.
    package var isOwing: Bool { !owed.isEmpty }

    /// Sends `lines` after what is owed, in one datagram; a full queue keeps them all owed.
    private func send(_ lines: [String]) {
        guard let socket else { return }
        for line in lines {
            if line.hasPrefix("STATUS=") { owed.removeAll { $0.hasPrefix("STATUS=") } }
            if !owed.contains(line) { owed.append(line) }
        }
        if socket.send(owed.joined(separator: "\n")) != .full { owed.removeAll() }
    }
}
