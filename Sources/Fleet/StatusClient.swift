import Glibc

/// `lumen status` and `lumen screenshot`: one request to a running window's status socket.
package enum StatusClient {
    /// Asks `request` of the process answering at `path`: its bytes, or why not in one line.
    package static func ask(_ request: StatusServer.Request, at path: String, timeout: Int = 10) -> Result<[UInt8], StatusSocket.Failure> {
        let fd: Int32
        switch StatusSocket.connect(path) {
        case .success(let s): fd = s
        case .failure(let why): return .failure(StatusSocket.Failure(description: "no running kiosk answers at \(why.description)"))
        }
        defer { close(fd) }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        guard StatusSocket.send(fd, Array((request.rawValue + "\n").utf8)) else {
            return .failure(StatusSocket.Failure(description: "\(path): the kiosk closed the connection"))
        }
        guard let head = StatusSocket.receiveLine(fd, limit: 4096) else {
            return .failure(StatusSocket.Failure(description: "\(path): no answer within \(timeout) s"))
        }
        if head.hasPrefix("error ") { return .failure(StatusSocket.Failure(description: String(head.dropFirst(6)))) }
        guard head.hasPrefix("ok "), let length = Int(head.dropFirst(3)), (0...1 << 30).contains(length) else {
            return .failure(StatusSocket.Failure(description: "\(path): an answer Lumen does not give: '\(head.prefix(60))'"))
        }
        let body = StatusSocket.receiveAll(fd, limit: length)
        guard body.count == length else {
            return .failure(StatusSocket.Failure(description: "\(path): the answer stopped after \(body.count) of \(length) bytes"))
        }
        return .success(body)
    }
}
