/// The bytes of one message between the app and a decoder worker: fixed-width little-endian
/// integers, doubles by their bits, and strings with a length in front. Descriptors travel
/// beside the bytes (SCM_RIGHTS), never in them.
struct WireMessage {
    private(set) var bytes: [UInt8] = []
    private var cursor = 0

    init() {}
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read (a message must be exactly its layout).
    var isAtEnd: Bool { cursor == bytes.count }

    mutating func put(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func put(_ v: Int) { put(Int64(v)) }
    mutating func put(_ v: Double) { put(Int64(bitPattern: v.bitPattern)) }
    mutating func put(_ s: String) { put(s.utf8.count); bytes += s.utf8 }

    /// The next integer, or nil past the end (a short or corrupt message).
    mutating func int64() -> Int64? {
        guard cursor + 8 <= bytes.count else { return nil }
        var v: Int64 = 0
        for i in 0..<8 { v |= Int64(bytes[cursor + i]) << (8 * i) }
        cursor += 8
        return v
    }
    mutating func int() -> Int? { int64().flatMap { Int(exactly: $0) } }
    mutating func double() -> Double? { int64().map { Double(bitPattern: UInt64(bitPattern: $0)) } }
    mutating func string() -> String? {
        guard let n = int(), n >= 0, cursor + n <= bytes.count else { return nil }
        defer { cursor += n }
        return String(decoding: bytes[cursor..<cursor + n], as: UTF8.self)
    }
}
