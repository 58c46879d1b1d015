import Glibc

/// The playlist entry a kiosk shows, kept in a small file so that a process the watchdog
/// killed (or that crashed) comes back on it when the service manager starts it again. A
/// clean quit removes the file: a kiosk stopped on purpose starts from the beginning.
package struct ResumePoint: Sendable {
    /// The file: `$XDG_RUNTIME_DIR/COMMAND/resume` by default, beside the status socket.
    package let path: String

    package init(path: String) { self.path = path }

    /// The default for `command`, nil without `XDG_RUNTIME_DIR`.
    package static func defaultPath(command: String, _ environment: FleetEnvironment) -> String? {
        environment.runtimeFolder.map { $0 + "/" + command + "/resume" }
    }

    /// Notes that entry `index` (0-based) of the playlist file `playlist` is on screen.
    package func save(playlist: String, index: Int) {
        // Its folder, made as the status socket's is (0700), should that one live elsewhere.
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { mkdir(String(path[..<slash]), 0o700) }
        let temporary = path + ".tmp"
        let text = Array("\(playlist)\n\(index)\n".utf8)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == text.count { rename(temporary, path) } else { unlink(temporary) }
    }

    /// The entry to come back to for the playlist file `playlist`, if the last run left one.
    package func load(playlist: String) -> Int? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return nil }
        let lines = String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == playlist else { return nil }
        return Int(lines[1])
    }

    /// The process quits cleanly: nothing to come back to.
    package func clear() { unlink(path) }
}
