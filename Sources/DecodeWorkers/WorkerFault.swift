import CDecodeSandbox
import Glibc

/// A test-only fault, honoured in worker mode only (the app passes `LUMEN_WORKER_FAULT`, a
/// fault hook: see the testing guide): `crash`, `hang`,
/// `bus` (a read past the end of the mapped photo: what a file cut shorter while it is
/// decoded does), `lockdown` (every worker exits as one whose system refuses its sandbox),
/// `open:PATH` (a forbidden system call, which the sandbox must stop and the worker report),
/// `prctl` (a thread named, which the sandbox allows, then `PR_SET_DUMPABLE`, which it stops),
/// `descriptors` (the worker's open descriptors reported as its failure) or `reply:KIND` (a
/// hostile answer, as a worker a photo took over could send: see `HostileReply`). It applies to a photo whose
/// first
/// 64 KB hold the tag `lumen-fault` (a JPEG comment the tests write), so one photo of a folder
/// misbehaves and the others decode.
enum WorkerFault {
    case crash, hang, bus, open(String), prctl, descriptors, lockdown, reply(HostileReply)

    static let tag = Array("lumen-fault".utf8)

    /// The fault `text` names, nil for none; read once before the sandbox is entered.
    init?(named text: String) {
        switch text {
        case "crash": self = .crash
        case "hang": self = .hang
        case "descriptors": self = .descriptors
        case "bus": self = .bus
        case "lockdown": self = .lockdown
        case "prctl": self = .prctl
        case _ where text.hasPrefix("open:"): self = .open(String(text.dropFirst(5)))
        case _ where text.hasPrefix("reply:"):
            guard let hostile = HostileReply(rawValue: String(text.dropFirst(6))) else { return nil }
            self = .reply(hostile)
        default: return nil
        }
    }

    /// Whether `photo` is one the fault is for.
    static func applies(to photo: UnsafeRawBufferPointer) -> Bool {
        let head = photo.prefix(65536)
        guard head.count >= tag.count else { return false }
        return head.indices.dropLast(tag.count - 1).contains { i in tag.indices.allSatisfy { head[i + $0] == tag[$0] } }
    }

    /// Does the fault on the photo open as `fd`; returns only for `descriptors` (and a fault
    /// that failed to happen), with the reason to answer.
    func strike(photo fd: Int32) -> String {
        switch self {
        case .bus:
            // Two pages past the file's end: the first touch of the second is SIGBUS.
            var info = stat()
            fstat(fd, &info)
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let length = (Int(info.st_size) / page + 2) * page
            guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return "the photo could not be mapped" }
            let last = base.load(fromByteOffset: length - 1, as: UInt8.self)
            return "read past the end: \(last)"
        case .crash:
            raise(SIGSEGV)
        case .hang:
            while true { var t = timespec(tv_sec: 1, tv_nsec: 0); nanosleep(&t, nil) }
        case .open(let path):
            let fd = Glibc.open(path, O_RDONLY)
            return "the sandbox let open through (descriptor \(fd))"
        case .prctl:
            guard lumen_sandbox_prctl(1, 0) == 0 else { return "PR_SET_NAME failed" }
            let status = lumen_sandbox_prctl(0, 1)
            return "the sandbox let PR_SET_DUMPABLE through (\(status))"
        case .lockdown, .reply:
            break
        case .descriptors:
            var fds = [Int32](repeating: 0, count: 64)
            let n = lumen_sandbox_open_descriptors(&fds, Int32(fds.count))
            return "open descriptors: " + fds.prefix(Int(n)).map(String.init).joined(separator: " ")
        }
        return "the fault did not happen"
    }
}
