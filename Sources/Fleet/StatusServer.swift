import Glibc
import SystemSupport

/// Answers fleet tools on a Unix socket (`StatusSocket`), on a thread of its own, so a status
/// is answered even while the frame loop is stuck. A client sends one line, `status` or
/// `screenshot`; the answer is `ok LENGTH` and that many bytes (the status's JSON, a PNG), or
/// `error REASON`. Each peer's uid is checked against this process's.
package final class StatusServer: @unchecked Sendable {
    /// What a client may ask.
    package enum Request: String, Sendable { case status, screenshot }

    /// The socket's path.
    package let path: String
    private let listener: Int32
    /// A pipe's write end: closing it ends the server's thread.
    private let stop: Int32

    /// Listens on `path`; `answer` is called on the server's thread, one request at a time.
    /// Fails when another process answers there already, or the folder cannot be made.
    package init(path: String, answer: @escaping (Request) -> Result<[UInt8], StatusSocket.Failure>) throws(StatusSocket.Failure) {
        self.path = path
        try Self.makeFolder(of: path)
        try Self.takeOver(path)
        guard var address = StatusSocket.address(path) else { throw StatusSocket.Failure(description: "\(path): too long for a socket's path") }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // The folder (0700) keeps other users out; the socket's own mode and each peer's uid,
        // checked as it connects, too.
        guard fd >= 0, bound == 0, chmod(path, 0o600) == 0, listen(fd, 8) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw StatusSocket.Failure(description: "\(path): \(why)")
        }
        listener = fd
        var ends: [Int32] = [-1, -1]
        pipe(&ends)
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        stop = ends[1]
        let (listener, stopped) = (listener, ends[0])
        DetachedThread.start { Self.serve(listener, stop: stopped, answer: answer) }
    }

    deinit {
        close(stop)   // the thread sees the pipe end, and closes the listener and its end
        unlink(path)
    }

    /// Makes the socket's folder (only the last level, mode 0700) where it is missing.
    private static func makeFolder(of path: String) throws(StatusSocket.Failure) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = String(path[..<slash])
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw StatusSocket.Failure(description: "cannot make \(folder): \(String(cString: strerror(errno)))")
        }
    }

    /// Fails when a process answers at `path`; removes a socket left by one that ended.
    private static func takeOver(_ path: String) throws(StatusSocket.Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw StatusSocket.Failure(description: "\(path) exists and is not a socket") }
        if case .success(let fd) = StatusSocket.connect(path) {
            let peer = peerCredentials(fd)
            close(fd)
            let who = peer.map { "process \($0.pid)" } ?? "another process"
            throw StatusSocket.Failure(description: "\(path) is in use by \(who); give this one --status-socket PATH", inUse: true)
        }
        unlink(path)
    }

    /// The peer's process, user and group (Linux's `struct ucred`, which Glibc's module leaves out).
    struct PeerCredentials { var pid: pid_t = 0, uid: uid_t = 0, gid: gid_t = 0 }

    static func peerCredentials(_ fd: Int32) -> PeerCredentials? {
        var credentials = PeerCredentials(), size = socklen_t(MemoryLayout<PeerCredentials>.size)
        return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 ? credentials : nil
    }

    /// The server's thread: accepts clients until `stop` is written.
    private static func serve(_ listener: Int32, stop: Int32, answer: (Request) -> Result<[UInt8], StatusSocket.Failure>) {
        defer { close(listener); close(stop) }
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            handle(client, answer: answer)
            close(client)
        }
    }

    /// One client: its uid checked, its line read (2 s at most), its answer sent.
    private static func handle(_ client: Int32, answer: (Request) -> Result<[UInt8], StatusSocket.Failure>) {
        guard let peer = peerCredentials(client), peer.uid == getuid() || peer.uid == 0 else {
            StatusSocket.send(client, Array("error only the user running this process may ask it\n".utf8))
            return
        }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let line = StatusSocket.receiveLine(client) else { return }
        guard let request = Request(rawValue: line) else {
            StatusSocket.send(client, Array("error unknown request '\(line.prefix(40))' (status or screenshot)\n".utf8))
            return
        }
        switch answer(request) {
        case .success(let bytes): StatusSocket.send(client, Array("ok \(bytes.count)\n".utf8) + bytes)
        case .failure(let why): StatusSocket.send(client, Array("error \(why.description)\n".utf8))
        }
    }
}
