import Glibc

/// Lines for the user on standard error (the journal takes them on a kiosk).
public enum StandardError {
    /// Writes `text` as it is (add the line break) in one `write(2)`, so lines from threads
    /// do not interleave.
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}

extension StandardError {
    /// `line` after the UTC time `seconds` (since 1970) as ISO 8601 with milliseconds:
    /// "2026-11-30T19:20:01.123Z lumen: …", the form a kiosk's logs take.
    public static func stamped(_ line: String, at seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down)), parts = tm()
        gmtime_r(&whole, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let n = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let ms = min(Int(((seconds - seconds.rounded(.down)) * 1000).rounded(.down)), 999)
        let date = String(decoding: text.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return date + "." + String(String(ms + 1000).dropFirst()) + "Z " + line
    }

    /// Writes `line` (and a line break) after the current UTC time.
    public static func writeStamped(_ line: String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        write(stamped(line, at: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9) + "\n")
    }
}
