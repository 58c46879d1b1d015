/// What a service manager and a login session tell a process through its environment, as the
/// app read it at start (library modules read no environment variable).
package struct FleetEnvironment: Sendable, Equatable {
    /// `XDG_RUNTIME_DIR`: the session's runtime folder.
    package var runtimeFolder: String?
    /// `NOTIFY_SOCKET`: set for a `Type=notify` unit.
    package var notifySocket: String?
    /// `WATCHDOG_USEC` and `WATCHDOG_PID`: the watchdog's period and the process it is for.
    package var watchdogMicroseconds: String?
    package var watchdogProcess: String?
    /// `JOURNAL_STREAM`: "DEVICE:INODE" of the journal's stream, when standard error is one.
    package var journalStream: String?

    package init(runtimeFolder: String? = nil, notifySocket: String? = nil, watchdogMicroseconds: String? = nil,
                 watchdogProcess: String? = nil, journalStream: String? = nil) {
        self.runtimeFolder = runtimeFolder
        self.notifySocket = notifySocket
        self.watchdogMicroseconds = watchdogMicroseconds
        self.watchdogProcess = watchdogProcess
        self.journalStream = journalStream
    }
}
