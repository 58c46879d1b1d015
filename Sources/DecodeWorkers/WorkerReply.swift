import CDecodeSandbox
import Imaging

/// A worker's answer: the pixels' size (their memory comes as a descriptor beside the
/// message) and what a thumbnail would record, or the one-line reason it failed, or the
/// system call its sandbox stopped (sent by its SIGSYS handler as it ends; see `lockdown.c`).
/// A worker a photo has taken over answers what it likes, so `parse` takes only a message of
/// exactly one of these layouts, and `ReplyCheck` holds its values to what was asked.
enum WorkerReply: Equatable {
    case pixels(width: Int, height: Int, cacheAs: ThumbnailCache.Size?, originalWidth: Int, originalHeight: Int)
    case failure(String)
    case forbiddenCall(number: Int, architecture: Int)

    /// The longest failure reason kept (a worker's reason is logged, escaped, on one line).
    static let longestReason = 300

    func encoded() -> [UInt8] {
        var m = WireMessage()
        switch self {
        case .pixels(let w, let h, let cacheAs, let ow, let oh):
            m.put(0); m.put(w); m.put(h); m.put(cacheAs?.rawValue ?? 0); m.put(ow); m.put(oh)
        case .failure(let reason):
            m.put(1); m.put(reason)
        case .forbiddenCall(let number, let architecture):
            m.put(Int(LUMEN_SANDBOX_REPORT_FORBIDDEN_CALL)); m.put(number); m.put(architecture)
        }
        return m.bytes
    }

    /// The answer in `bytes`, or why it is refused: an unknown kind, a message longer or
    /// shorter than its kind's layout, a thumbnail size Lumen does not use.
    static func parse(_ bytes: [UInt8]) -> Result<WorkerReply, ReplyCheck.Refusal> {
        var m = WireMessage(bytes: bytes)
        let reply: WorkerReply
        switch m.int() {
        case 0?:
            guard let w = m.int(), let h = m.int(), let c = m.int(), let ow = m.int(), let oh = m.int() else { return .failure(.length(bytes.count)) }
            guard c == 0 || ThumbnailCache.Size(rawValue: c) != nil else { return .failure(.init("thumbnail size \(c) is not one Lumen uses")) }
            reply = .pixels(width: w, height: h, cacheAs: ThumbnailCache.Size(rawValue: c), originalWidth: ow, originalHeight: oh)
        case 1?:
            guard let reason = m.string() else { return .failure(.length(bytes.count)) }
            reply = .failure(LogText.escaped(String(reason.prefix(longestReason))))
        case Int(LUMEN_SANDBOX_REPORT_FORBIDDEN_CALL)?:
            guard let number = m.int(), let architecture = m.int() else { return .failure(.length(bytes.count)) }
            reply = .forbiddenCall(number: number, architecture: architecture)
        case let kind?:
            return .failure(.init("message kind \(kind) is unknown"))
        case nil:
            return .failure(.length(bytes.count))
        }
        return m.isAtEnd ? .success(reply) : .failure(.length(bytes.count))
    }

    /// The answer in `bytes`, or nil when it is refused.
    init?(bytes: [UInt8]) {
        guard case .success(let reply) = Self.parse(bytes) else { return nil }
        self = reply
    }
}
