import Glibc

/// Where a window answers fleet tools: a Unix stream socket, by default
/// `$XDG_RUNTIME_DIR/COMMAND/status` (the folder made 0700, the socket 0600, and every peer's
/// uid checked against this process's, so only the same user can ask).
package enum StatusSocket {
    /// Why the socket cannot be used, in one line.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
        /// Another process answers on the socket already.
        package var inUse = false
        package init(description: String, inUse: Bool = false) {
            self.description = description
            self.inUse = inUse
        }
    }

    /// The default path for `command`'s socket, nil without a runtime folder.
    package static func defaultPath(command: String, _ environment: FleetEnvironment) -> String? {
        environment.runtimeFolder.map { $0 + "/" + command + "/status" }
    }

    /// A `sockaddr_un` for `path`, nil when it is too long for one.
    static func address(_ path: String) -> sockaddr_un? { address(Array(path.utf8)) }

    /// A `sockaddr_un` for a path's bytes (a first byte 0: a name in the abstract namespace),
    /// nil when they are too long for one.
    static func address(_ bytes: [UInt8]) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return address
    }

    /// A socket connected to `path`, or why not.
    package static func connect(_ path: String) -> Result<Int32, Failure> {
        guard var address = address(path) else { return .failure(Failure(description: "\(path): too long for a socket's path")) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(Failure(description: "socket: \(String(cString: strerror(errno)))")) }
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            return .failure(Failure(description: "\(path): \(why)"))
        }
        return .success(fd)
    }

    /// Writes all of `bytes` to `fd`; false if the peer went away.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Everything `fd` sends until it closes, or until `limit` bytes.
    static func receiveAll(_ fd: Int32, limit: Int) -> [UInt8] {
        var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while out.count < limit {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            out += chunk[..<n]
        }
        return out
    }

    /// One line from `fd` (without its line break), at most `limit` bytes.
    static func receiveLine(_ fd: Int32, limit: Int = 256) -> String? {
        var out: [UInt8] = [], byte: UInt8 = 0
        while out.count < limit {
            let n = recv(fd, &byte, 1, 0)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: out, as: UTF8.self) }
            out.append(byte)
        }
        return nil
    }
}
