/// Trimming and padding without Foundation (Lumen links FoundationEssentials, which has no
/// `trimmingCharacters(in:)` or `padding(toLength:withPad:startingAt:)`).
extension StringProtocol {
    /// Without leading and trailing white space (spaces, tabs, line breaks).
    package var trimmed: String { trimming { $0.isWhitespace } }

    /// Without the leading and trailing characters for which `drop` is true.
    package func trimming(while drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[first...last])
    }

    /// Padded with spaces on the right to `width` characters (longer strings are kept whole).
    package func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(width - count, 0))
    }
}

extension String {
    /// The text of a C buffer up to its first NUL (or all of it if there is none), as UTF-8
    /// with invalid bytes repaired: what the deprecated `String(cString: [CChar])` did.
    package init(nulTerminated buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
