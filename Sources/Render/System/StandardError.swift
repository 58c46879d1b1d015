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
