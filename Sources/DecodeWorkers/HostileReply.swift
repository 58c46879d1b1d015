import CDecodeSandbox
import Glibc

/// Answers a worker taken over by a photo could send, for the tests of `ReplyCheck` and
/// `SharedPixels.adopt` (the fault hook `LUMEN_WORKER_FAULT=reply:KIND`, worker mode only):
/// each must be refused by the app, which ends the worker and goes on.
enum HostileReply: String {
    /// A picture of 2⁴⁶ × 2⁴⁶ (whose byte count overflows).
    case size
    /// Pixels in a memfd left unsealed, which the worker could cut short (SIGBUS) or rewrite.
    case unsealed
    /// Pixels in a sealed memfd of another size than the answer says.
    case shortMemory = "short-memory"
    /// The photo's own descriptor as the pixels (not a memfd).
    case photo
    /// The pixels' memfd sent twice.
    case descriptors
    /// The answer's message cut by three bytes, or with eight more.
    case truncated, padded
    /// A thumbnail size Lumen does not use.
    case thumbnail

    /// The message and descriptors to send for the photo open as `photo`. The descriptors are
    /// the caller's to close after sending.
    func answer(photo: Int32) -> ([UInt8], [Int32]) {
        let tiny = WorkerReply.pixels(width: 2, height: 2, cacheAs: nil, originalWidth: 2, originalHeight: 2)
        switch self {
        case .size:
            let side = 1 << 46
            return (WorkerReply.pixels(width: side, height: side, cacheAs: nil, originalWidth: side, originalHeight: side).encoded(), memfd(16, sealed: true))
        case .unsealed: return (tiny.encoded(), memfd(16, sealed: false))
        case .shortMemory: return (WorkerReply.pixels(width: 4, height: 4, cacheAs: nil, originalWidth: 4, originalHeight: 4).encoded(), memfd(16, sealed: true))
        case .photo: return (tiny.encoded(), [copy(photo)])
        case .descriptors: let fds = memfd(16, sealed: true); return (tiny.encoded(), fds + fds.map(copy))
        case .truncated: return (Array(tiny.encoded().dropLast(3)), memfd(16, sealed: true))
        case .padded: return (tiny.encoded() + [UInt8](repeating: 0, count: 8), memfd(16, sealed: true))
        case .thumbnail:
            var bytes = tiny.encoded()
            bytes.replaceSubrange(24..<32, with: withUnsafeBytes(of: Int64(300).littleEndian, Array.init))
            return (bytes, memfd(16, sealed: true))
        }
    }

    /// A second descriptor for `fd` (fcntl: the sandbox stops dup).
    private func copy(_ fd: Int32) -> Int32 { fcntl(fd, F_DUPFD_CLOEXEC, 0) }

    private func memfd(_ bytes: Int, sealed: Bool) -> [Int32] {
        let fd = lumen_sandbox_memfd(bytes)
        guard fd >= 0 else { return [] }
        if sealed { _ = lumen_sandbox_seal(fd) }
        return [fd]
    }
}
