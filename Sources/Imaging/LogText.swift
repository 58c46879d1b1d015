/// Text from outside (a file name) made safe for a one-line message: a control character
/// would split the line or drive the terminal (an escape sequence), so each is written as an
/// escape instead: `\n`, `\r`, `\t`, `\\`, and `\u{1B}` for the rest of C0, DEL and C1.
package enum LogText {
    /// `text` fit for one log line: control characters and invalid bytes as escapes.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x5C: out += "\\\\"
            case 0x00..<0x20, 0x7F..<0xA0: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A name as raw bytes, when they are not valid UTF-8: the valid parts as text (escaped as
    /// above), each invalid byte as `\xNN`.
    public static func escaped(bytes: [UInt8]) -> String {
        var out = "", i = 0
        while i < bytes.count {
            // The longest valid UTF-8 sequence starting here, else one byte shown in hex.
            var decoded: String?
            for length in [1, 2, 3, 4] where i + length <= bytes.count {
                if let s = String(validating: bytes[i..<i + length], as: UTF8.self) { decoded = s; i += length; break }
            }
            if let decoded { out += escaped(decoded) } else { out += "\\x" + hex(bytes[i]); i += 1 }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
}
