/// What a log line is about, for a journal a fleet filters (`journalctl PRIORITY=4`,
/// `LUMEN_FILE=…`): its priority (syslog's numbers) and the photo, video or decoder worker
/// concerned. Lines logged inside `LogFields.$current.withValue(…) { … }` carry them; the
/// entry on screen is added to every line by `StandardError`.
package struct LogFields: Sendable, Equatable {
    /// syslog(3)'s priorities, as journald stores them.
    package enum Priority: Int, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6
    }

    package var priority: Priority
    /// The photo or video the line is about.
    package var file: String?
    /// The decoder worker's process id.
    package var worker: Int32?

    package init(priority: Priority = .info, file: String? = nil, worker: Int32? = nil) {
        self.priority = priority
        self.file = file
        self.worker = worker
    }

    /// The fields of the lines logged on this thread (or task) now.
    @TaskLocal package static var current = LogFields()
}

/// Where log lines go instead of standard error (the journal, under systemd): set once, by the
/// app's entry point.
package protocol LogSink: Sendable {
    /// Writes `line` (no program name, no time, no line break) with its fields and the entry
    /// on screen.
    func write(_ line: String, fields: LogFields, entry: String?)
}

extension LogFields {
    /// Runs `body` with the lines it logs marked as warnings, about `file` when given.
    package static func warning(about file: String? = nil, _ body: () -> Void) {
        $current.withValue(LogFields(priority: .warning, file: file), operation: body)
    }

    /// Runs `body` with the lines it logs marked as errors.
    package static func error(_ body: () -> Void) {
        $current.withValue(LogFields(priority: .error), operation: body)
    }
}
