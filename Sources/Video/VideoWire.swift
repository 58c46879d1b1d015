import CVideoDecoding

/// The video worker's messages as bytes (the layout is `lumen_video_worker.h`'s: little-endian,
/// packed): requests written, replies read and checked field by field before any is used. A
/// worker a video took over sends whatever it likes; each bound is checked before arithmetic.
package enum VideoWire {
    /// What the worker said about the file.
    package struct Info: Equatable {
        package var width: Int, height: Int
        package var sourceWidth: Int, sourceHeight: Int
        package var rate: (num: Int, den: Int)
        package var durationMicroseconds: Int64
        package var audioRate: Int, audioChannels: Int
        package var codec: String, decoder: String
        package static func == (a: Info, b: Info) -> Bool {
            a.width == b.width && a.height == b.height && a.codec == b.codec && a.decoder == b.decoder
                && a.durationMicroseconds == b.durationMicroseconds
        }
        /// Frames a second, when the file says.
        package var framesPerSecond: Double? { rate.den > 0 && rate.num > 0 ? Double(rate.num) / Double(rate.den) : nil }
    }

    package enum Reply: Equatable {
        case info(Info)
        case frame(slot: Int, ptsMicroseconds: Int64, loop: Int)
        case audio(bytes: [UInt8], ptsMicroseconds: Int64)
        case end(broken: Bool, lastMicroseconds: Int64, message: String)
        case failure(String)
    }

    /// Why a reply was refused.
    package struct Refusal: Error, Equatable { package var reason: String }

    static func open(maxWidth: Int, maxHeight: Int, loops: Bool, audio: Bool) -> [UInt8] {
        words(UInt32(LUMEN_VIDEO_OPEN), UInt32(maxWidth), UInt32(maxHeight),
              (loops ? UInt32(LUMEN_VIDEO_LOOP) : 0) | (audio ? UInt32(LUMEN_VIDEO_WITH_AUDIO) : 0))
    }
    static func ring(firstSlot: Int, count: Int) -> [UInt8] { words(UInt32(LUMEN_VIDEO_RING), UInt32(firstSlot), UInt32(count)) }
    static func release(slot: Int) -> [UInt8] { words(UInt32(LUMEN_VIDEO_RELEASE), UInt32(slot)) }

    private static func words(_ values: UInt32...) -> [UInt8] {
        values.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    }

    /// Reads a reply of `bytes` that came with `descriptors` descriptors (replies carry none).
    package static func reply(_ bytes: [UInt8], descriptors: Int) -> Result<Reply, Refusal> {
        guard descriptors == 0 else { return .failure(Refusal(reason: "a reply came with \(descriptors) descriptors, not 0")) }
        guard bytes.count >= 4 else { return .failure(Refusal(reason: "a reply of \(bytes.count) bytes")) }
        var r = Reader(bytes: bytes, at: 4)
        let tag = Int(r.u32(0))
        func sized(_ n: Int, _ make: () -> Reply) -> Result<Reply, Refusal> {
            bytes.count == n ? .success(make()) : .failure(Refusal(reason: "a reply (tag \(tag)) of \(bytes.count) bytes, not \(n)"))
        }
        switch tag {
        case LUMEN_VIDEO_INFO:
            return sized(LUMEN_VIDEO_INFO_SIZE) {
                .info(Info(width: Int(r.u32()), height: Int(r.u32()), sourceWidth: Int(r.u32()), sourceHeight: Int(r.u32()),
                           rate: (Int(r.i32()), Int(r.i32())), durationMicroseconds: r.i64(),
                           audioRate: Int(r.u32()), audioChannels: Int(r.u32()),
                           codec: r.text(Int(LUMEN_VIDEO_CODEC_SIZE)), decoder: r.text(Int(LUMEN_VIDEO_DECODER_SIZE))))
            }
        case LUMEN_VIDEO_FRAME:
            return sized(LUMEN_VIDEO_FRAME_SIZE) { .frame(slot: Int(r.u32()), ptsMicroseconds: r.i64(), loop: Int(r.u32())) }
        case LUMEN_VIDEO_AUDIO:
            guard bytes.count >= Int(LUMEN_VIDEO_AUDIO_HEADER_SIZE) else { return .failure(Refusal(reason: "an audio reply of \(bytes.count) bytes")) }
            let count = Int(r.u32()), pts = r.i64()
            guard count <= Int(LUMEN_VIDEO_AUDIO_MAX_BYTES), count % 4 == 0, bytes.count == Int(LUMEN_VIDEO_AUDIO_HEADER_SIZE) + count else {
                return .failure(Refusal(reason: "audio of \(count) bytes in a reply of \(bytes.count)"))
            }
            return .success(.audio(bytes: Array(bytes[Int(LUMEN_VIDEO_AUDIO_HEADER_SIZE)...]), ptsMicroseconds: pts))
        case LUMEN_VIDEO_END:
            return sized(LUMEN_VIDEO_END_SIZE) {
                .end(broken: r.u32() != UInt32(LUMEN_VIDEO_END_OF_FILE), lastMicroseconds: r.i64(), message: r.text(Int(LUMEN_VIDEO_MESSAGE_SIZE)))
            }
        case LUMEN_VIDEO_FAILURE:
            return sized(LUMEN_VIDEO_FAILURE_SIZE) { .failure(r.text(Int(LUMEN_VIDEO_MESSAGE_SIZE))) }
        default:
            return .failure(Refusal(reason: "a reply with the unknown tag \(tag)"))
        }
    }

    /// Reads packed little-endian fields in turn.
    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        mutating func u32(_ offset: Int? = nil) -> UInt32 {
            let o = offset ?? at
            if offset == nil { at += 4 }
            return (0..<4).reduce(0) { $0 | UInt32(bytes[o + $1]) << (8 * $1) }
        }
        mutating func i32() -> Int32 { Int32(bitPattern: u32()) }
        mutating func i64() -> Int64 {
            let lo = UInt64(u32()), hi = UInt64(u32())
            return Int64(bitPattern: lo | hi << 32)
        }
        /// A NUL-padded text of `size` bytes, read as UTF-8 (bad bytes become U+FFFD), at
        /// most 200 characters kept, control characters out (it goes into a log line).
        mutating func text(_ size: Int) -> String {
            let raw = bytes[at..<at + size].prefix { $0 != 0 }
            at += size
            return String(String(decoding: raw, as: UTF8.self).unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.prefix(200).map(Character.init))
        }
    }
}
