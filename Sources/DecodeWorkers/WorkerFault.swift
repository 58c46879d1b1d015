import CDecodeSandbox
import Glibc

/// A test-only fault, honoured in worker mode only: `LUMEN_WORKER_FAULT` = `crash`, `hang`,
/// `open:PATH` (a forbidden system call, which the sandbox must stop) or `descriptors` (the
/// worker's open descriptors reported as its failure). It applies to a photo whose first
/// 64 KB hold the tag `lumen-fault` (a JPEG comment the tests write), so one photo of a folder
/// misbehaves and the others decode.
enum WorkerFault {
    case crash, hang, open(String), descriptors

    static let tag = Array("lumen-fault".utf8)

    /// The fault the environment names, read once before the sandbox is entered.
    static func fromEnvironment() -> WorkerFault? {
        guard let raw = getenv("LUMEN_WORKER_FAULT") else { return nil }
        let text = String(cString: raw)
        switch text {
        case "crash": return .crash
        case "hang": return .hang
        case "descriptors": return .descriptors
        default: return text.hasPrefix("open:") ? .open(String(text.dropFirst(5))) : nil
        }
    }

    /// Whether `photo` is one the fault is for.
    static func applies(to photo: UnsafeRawBufferPointer) -> Bool {
        let head = photo.prefix(65536)
        guard head.count >= tag.count else { return false }
        return head.indices.dropLast(tag.count - 1).contains { i in tag.indices.allSatisfy { head[i + $0] == tag[$0] } }
    }

    /// Does the fault; returns only for `descriptors`, with the reason to answer.
    func strike() -> String {
        switch self {
        case .crash:
            raise(SIGSEGV)
        case .hang:
            while true { var t = timespec(tv_sec: 1, tv_nsec: 0); nanosleep(&t, nil) }
        case .open(let path):
            let fd = Glibc.open(path, O_RDONLY)
            return "the sandbox let open through (descriptor \(fd))"
        case .descriptors:
            var fds = [Int32](repeating: 0, count: 64)
            let n = lumen_sandbox_open_descriptors(&fds, Int32(fds.count))
            return "open descriptors: " + fds.prefix(Int(n)).map(String.init).joined(separator: " ")
        }
        return "the fault did not happen"
    }
}
