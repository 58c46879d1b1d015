/// Reads a fuzzer's bytes front to back; past the end every read is 0.
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private var at = 0
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }
    mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
    /// The bytes not yet read.
    mutating func rest() -> UnsafeRawBufferPointer.SubSequence {
        defer { at = bytes.count }
        return bytes[min(at, bytes.count)...]
    }
    /// The next `n` bytes (fewer at the end).
    mutating func take(_ n: Int) -> UnsafeRawBufferPointer.SubSequence {
        let start = min(at, bytes.count), end = min(at + n, bytes.count)
        at = end
        return bytes[start..<end]
    }
    var atEnd: Bool { at >= bytes.count }
}
