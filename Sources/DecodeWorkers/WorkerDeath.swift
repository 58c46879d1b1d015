import CDecodeSandbox
import Glibc

/// How a decoder worker stopped answering, and the line that says so for the photo it held.
package enum WorkerDeath: Error, Equatable {
    case cannotStart(String)
    case timedOut(Double)
    case signal(Int32)
    case exited(Int32)
    /// Its sandbox stopped a system call, named by the worker's own report (see `WorkerReply`).
    case forbiddenCall(number: Int, architecture: Int)
    /// Its answer broke the protocol (see `ReplyCheck`): the worker was ended.
    case refused(String)

    /// The reason, as the photo's log line and placeholder give it.
    package var reason: String {
        switch self {
        case .cannotStart(let why): return "no decoder could be started (\(why))"
        case .timedOut(let s): return "the decoder took longer than \(Self.seconds(s))"
        case .signal(SIGSYS): return "the decoder broke its sandbox (a forbidden system call, signal \(SIGSYS)) and was stopped"
        case .signal(SIGXCPU): return "the decoder used more CPU time than one photo may (signal \(SIGXCPU))"
        case .signal(SIGBUS): return "the decoder crashed (signal \(SIGBUS): the file was cut shorter while it was read?)"
        case .signal(let n): return "the decoder crashed (signal \(n))"
        case .exited(let status): return "the decoder exited unexpectedly (status \(status))"
        case .refused(let why): return "the decoder's answer was refused: \(why)"
        case .forbiddenCall(let number, let architecture):
            return "the decoder broke its sandbox (system call \(Self.systemCallName(number, architecture: architecture)), number \(number)) and was stopped"
        }
    }

    /// The name libseccomp gives system call `number` ("openat"), or "unknown".
    static func systemCallName(_ number: Int, architecture: Int = 0) -> String {
        var name = [CChar](repeating: 0, count: 64)
        lumen_sandbox_syscall_name(Int64(number), Int64(architecture), &name, name.count)
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// "5 s", "1.5 s".
    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}
