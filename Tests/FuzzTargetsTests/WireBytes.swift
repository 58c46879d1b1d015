import CVideoDecoding
@testable import DecodeWorkers
@testable import FuzzTargets
import Foundation
import Imaging

/// Builds the fuzz targets' inputs and the workers' messages the way each side writes them.
enum WireBytes {
    static func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: UInt32(truncatingIfNeeded: v) >> (8 * $0)) } }
    static func i64(_ v: Int64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: v) >> (8 * UInt64($0))) } }
    static func text(_ s: String, _ size: Int) -> [UInt8] { Array((Array(s.utf8) + [UInt8](repeating: 0, count: size)).prefix(size - 1)) + [0] }

    // MARK: The video worker's replies (lumen_video_worker.h's layout)

    static func info(width: Int, height: Int, source: (Int, Int), rate: (Int, Int) = (30, 1), durationMicroseconds: Int64 = 1_000_000,
                     audio: Bool = false) -> [UInt8] {
        u32(Int(LUMEN_VIDEO_INFO)) + u32(width) + u32(height) + u32(source.0) + u32(source.1) + u32(rate.0) + u32(rate.1)
            + i64(durationMicroseconds) + u32(audio ? 48000 : 0) + u32(audio ? 2 : 0)
            + text("h264", LUMEN_VIDEO_CODEC_SIZE) + text("software", LUMEN_VIDEO_DECODER_SIZE)
    }
    static func frame(slot: Int, pts: Int64, loop: Int = 0) -> [UInt8] { u32(Int(LUMEN_VIDEO_FRAME)) + u32(slot) + i64(pts) + u32(loop) }
    static func audio(_ samples: Int, pts: Int64) -> [UInt8] {
        u32(Int(LUMEN_VIDEO_AUDIO)) + u32(samples * 4) + i64(pts) + [UInt8](repeating: 7, count: samples * 4)
    }
    static func end(broken: Bool, last: Int64, _ message: String) -> [UInt8] {
        u32(Int(LUMEN_VIDEO_END)) + u32(broken ? 1 : 0) + i64(last) + text(message, LUMEN_VIDEO_MESSAGE_SIZE)
    }
    static func failure(_ reason: String) -> [UInt8] { u32(Int(LUMEN_VIDEO_FAILURE)) + text(reason, LUMEN_VIDEO_MESSAGE_SIZE) }

    /// The video-reply target's input: its set-up byte (sound asked for; the size asked, 0:
    /// 64 × 36) and each message with the descriptors that came with it.
    static func videoConversation(sound: Bool = false, size: Int = 0, _ messages: [[UInt8]], descriptors: Int = 0) -> [UInt8] {
        [UInt8((sound ? 1 : 0) | size << 1)] + messages.flatMap { [UInt8(descriptors)] + u16($0.count) + $0 }
    }

    // MARK: A photo decoder's replies

    /// A descriptor the photo-reply target makes: a memfd (its seals, F_SEAL_* bits, and size),
    /// a pipe, /dev/null, a socket or a folder.
    enum Descriptor {
        case memfd(seals: UInt8, bytes: Int)
        case pipe, null, socket, folder
        var bytes: [UInt8] {
            switch self {
            case .memfd(let seals, let size): [0, seals] + u32(size)
            case .pipe: [1]
            case .null: [2]
            case .socket: [3]
            case .folder: [4]
            }
        }
        /// SHRINK, GROW and WRITE: what a worker's pixels are sealed with.
        static let sealed: UInt8 = 2 | 4 | 8
    }

    /// The photo-reply target's input: the job byte (PhotoReplyFuzzing.job), the descriptors, the message.
    static func photoReply(job: UInt8 = 0, _ descriptors: [Descriptor], _ message: [UInt8]) -> [UInt8] {
        [job, UInt8(descriptors.count)] + descriptors.flatMap(\.bytes) + message
    }

    static func pixels(_ w: Int, _ h: Int, cacheAs: ThumbnailCache.Size? = nil, original: (Int, Int)? = nil) -> [UInt8] {
        WorkerReply.pixels(width: w, height: h, cacheAs: cacheAs, originalWidth: original?.0 ?? w, originalHeight: original?.1 ?? h).encoded()
    }
}
