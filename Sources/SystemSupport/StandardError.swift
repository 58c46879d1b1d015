import Glibc

/// Lines for the user on standard error (the journal takes them on a kiosk).
package enum StandardError {
    /// The name every message starts with ("photo-wall: cannot read …"): the app's command,
    /// set once by its entry point; until then the executable's file name. The process's own
    /// name, the one piece of identity every module's messages share.
    package static var programName: String {
        get { name.withLock { $0 } ?? String(CommandLine.arguments.first?.split(separator: "/").last ?? "lumen") }
        set { name.withLock { $0 = newValue } }
    }
    private static let name = Locked<String?>(nil)

    /// Where lines go instead of standard error (nil: standard error): the journal, when the
    /// process's standard error is connected to it.
    package static var sink: (any LogSink)? {
        get { sinkStore.withLock { $0 } }
        set { sinkStore.withLock { $0 = newValue } }
    }
    private static let sinkStore = Locked<(any LogSink)?>(nil)

    /// The scene or playlist entry on screen, which every line sent to the journal names.
    package static var entryOnScreen: String? {
        get { entryStore.withLock { $0 } }
        set { entryStore.withLock { $0 = newValue } }
    }
    private static let entryStore = Locked<String?>(nil)

    /// Lines logged as warnings or errors so far, and the last of them with its time (seconds
    /// since 1970), for a kiosk's status.
    package static var problems: (count: Int, last: String?, at: Double?) { problemStore.withLock { $0 } }
    private static let problemStore = Locked<(count: Int, last: String?, at: Double?)>((0, nil, nil))

    private static func note(_ line: String) {
        guard LogFields.current.priority.rawValue <= LogFields.Priority.warning.rawValue else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        problemStore.withLock { $0 = ($0.count + 1, line, Double(now.tv_sec) + Double(now.tv_nsec) / 1e9) }
    }

    /// Writes "PROGRAM: `line`" and a line break (or sends `line` to the sink).
    package static func message(_ line: String) {
        note(line)
        if let sink { return sink.write(line, fields: LogFields.current, entry: entryOnScreen) }
        write(programName + ": " + line + "\n")
    }

    /// Writes "TIME PROGRAM: `line`" and a line break, the time as `writeStamped` writes it
    /// (or sends `line` to the sink, which keeps its own time).
    package static func stampedMessage(_ line: String) {
        note(line)
        if let sink { return sink.write(line, fields: LogFields.current, entry: entryOnScreen) }
        writeStamped(programName + ": " + line)
    }

    /// Writes `text` as it is (add the line break) in one `write(2)`, so lines from threads
    /// do not interleave.
    package static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}

extension StandardError {
    /// `line` after the UTC time `seconds` (since 1970) as ISO 8601 with milliseconds:
    /// "2026-11-30T19:20:01.123Z lumen: …", the form a kiosk's logs take.
    package static func stamped(_ line: String, at seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down)), parts = tm()
        gmtime_r(&whole, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let n = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let ms = min(Int(((seconds - seconds.rounded(.down)) * 1000).rounded(.down)), 999)
        let date = String(decoding: text.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return date + "." + String(String(ms + 1000).dropFirst()) + "Z " + line
    }

    /// Writes `line` (and a line break) after the current UTC time.
    package static func writeStamped(_ line: String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        write(stamped(line, at: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9) + "\n")
    }
}
