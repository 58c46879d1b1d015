import Glibc

/// Files that are not regular files, named like photos: what a folder from outside may hold.
public enum SpecialFiles {
    /// A named pipe at `path` (opening it for reading would block until a writer came).
    public static func fifo(at path: String) { mkfifo(path, 0o644) }

    /// A Unix socket bound at `path` (the socket itself closed; its file stays).
    public static func socket(at path: String) {
        let s = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, c) in bytes.prefix(raw.count - 1).enumerated() { raw[i] = UInt8(bitPattern: c) }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
