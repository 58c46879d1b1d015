import Glibc

/// Numbers as text without Foundation (Lumen links FoundationEssentials, which has no
/// `String(printf:)` or `formatted()`).
extension String {
    /// C's printf formatting through `vsnprintf`: "%.2f", "%6.2f", "%05d"… Numbers only (there
    /// is no "%@"; put strings in by interpolation). The C locale's decimal point.
    package init(printf format: String, _ arguments: CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 128)
        let needed = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension BinaryInteger {
    /// Thousands grouped with commas: 10000 → "10,000".
    package var grouped: String {
        let digits = String(self.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (self < 0 ? "-" : "") + out
    }
}
