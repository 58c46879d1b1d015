import Glibc

/// The service manager's notification socket (`NOTIFY_SOCKET`: a path, or `@name` in the
/// abstract namespace), written without ever waiting.
///
/// libsystemd's sd_notify(3) sends on a blocking socket. A manager that does not read keeps at
/// most `net.unix.max_dgram_qlen` datagrams queued (10 by default), and the next sender then
/// waits until it reads: a frame loop waiting there stops drawing, which is the very hang the
/// watchdog is for. Measured with a listener that read nothing: a kiosk's loop stood still for
/// 26 s after its eleventh message. This socket sends with `MSG_DONTWAIT` and says whether the
/// datagram went, so the caller keeps what it still owes and tries again later.
package final class NotifySocket {
    /// What became of a datagram.
    package enum Outcome: Equatable {
        /// Queued for the manager.
        case sent
        /// The manager's queue is full: nothing went; try again later.
        case full
        /// No manager there (no such socket, or it was closed): nothing will go.
        case gone
    }

    private let fd: Int32
    private var address: sockaddr_un
    private let length: socklen_t

    /// A socket for `target` as `NOTIFY_SOCKET` names it; nil when it names no Unix socket
    /// (empty, relative, or too long).
    package init?(_ target: String) {
        var bytes = Array(target.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "@") else { return nil }
        if first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard let address = StatusSocket.address(bytes) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.address = address
        // An abstract name's length is exact (its bytes may not end in a zero); a path's
        // includes the terminating zero, as systemd's own sender gives it.
        let header = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        length = socklen_t(header + bytes.count + (first == UInt8(ascii: "@") ? 0 : 1))
    }

    deinit { close(fd) }

    /// Sends `text` as one datagram, without waiting.
    package func send(_ text: String) -> Outcome {
        let bytes = Array(text.utf8)
        while true {
            let n = withUnsafePointer(to: &address) { a in
                a.withMemoryRebound(to: sockaddr.self, capacity: 1) { to in
                    bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL), to, length) }
                }
            }
            if n >= 0 { return .sent }
            switch errno {
            case EINTR: continue
            case EAGAIN, ENOBUFS: return .full
            default: return .gone
            }
        }
    }
}
