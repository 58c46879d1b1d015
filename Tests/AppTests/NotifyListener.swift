import Foundation
import Glibc
import LumenTestSupport

/// A service manager's notification socket, as systemd binds one for a `Type=notify` unit
/// (`NOTIFY_SOCKET`): datagrams of `KEY=VALUE` lines, each taken with the time it came.
final class NotifyListener {
    let path: String
    private let fd: Int32

    /// A socket at `name` in the tests' folder, or with `abstract`, at `@name` in the abstract
    /// namespace (as systemd may give it), this process's id in the name.
    init(_ name: String, abstract: Bool = false) {
        path = abstract ? "@lumen-test-\(getpid())-\(name)" : ImageFixtures.path(name)
        if !abstract { unlink(path) }
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let length = abstract ? MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count : MemoryLayout<sockaddr_un>.size
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        precondition(bound == 0, "cannot bind \(path)")
    }

    deinit {
        close(fd)
        if path.hasPrefix("/") { unlink(path) }
    }

    /// The next notification within `timeout` seconds, nil when none came.
    func next(timeout: Double) -> (time: Double, text: String)? {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        return (Date().timeIntervalSince1970, String(decoding: buffer[..<n], as: UTF8.self))
    }
}
