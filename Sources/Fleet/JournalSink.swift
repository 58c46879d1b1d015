import CSystemd
import Glibc
import SystemSupport

/// Log lines sent to journald with fields a fleet filters on (systemd.journal-fields(7) and
/// Lumen's own): `PRIORITY`, `SYSLOG_IDENTIFIER`, `LUMEN_ENTRY` (the scene or playlist entry
/// on screen), `LUMEN_FILE` (the photo or video concerned), `LUMEN_WORKER_PID`.
package struct JournalSink: LogSink {
    /// The name journalctl shows before each line (`journalctl -t NAME`).
    package let identifier: String

    package init(identifier: String) { self.identifier = identifier }

    /// Whether this process's standard error is the journal's stream: `JOURNAL_STREAM`
    /// ("DEVICE:INODE", set by systemd for `StandardError=journal`) names the descriptor 2
    /// has, as systemd.exec(5) says to check (a redirection by the unit's command changes it).
    package static func standardErrorIsJournal(_ environment: FleetEnvironment) -> Bool {
        guard let value = environment.journalStream else { return false }
        let parts = value.split(separator: ":")
        var info = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(2, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// The journal fields of one line.
    package func fields(_ line: String, fields: LogFields, entry: String?) -> [String] {
        var out = ["MESSAGE=" + line, "PRIORITY=\(fields.priority.rawValue)", "SYSLOG_IDENTIFIER=" + identifier]
        if let entry { out.append("LUMEN_ENTRY=" + entry) }
        if let file = fields.file { out.append("LUMEN_FILE=" + file) }
        if let worker = fields.worker { out.append("LUMEN_WORKER_PID=\(worker)") }
        return out
    }

    package func write(_ line: String, fields f: LogFields, entry: String?) {
        let buffers = fields(line, fields: f, entry: entry).map { text -> UnsafeMutableBufferPointer<UInt8> in
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
            _ = buffer.initialize(from: text.utf8)
            return buffer
        }
        defer { buffers.forEach { $0.deallocate() } }
        let vectors = buffers.map { iovec(iov_base: UnsafeMutableRawPointer($0.baseAddress), iov_len: $0.count) }
        let sent = sd_journal_sendv(vectors, Int32(vectors.count))
        // The journal gone (or full): the line still goes to standard error, its stream.
        if sent < 0 { StandardError.write(identifier + ": " + line + "\n") }
    }
}
