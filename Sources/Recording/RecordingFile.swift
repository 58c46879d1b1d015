import FoundationEssentials
import Glibc

/// Where a recording goes: written as `NAME.part` beside it and renamed when complete, so a
/// recording stopped by a full disk or a crash never leaves a file that looks finished.
/// Its folder is made when missing; a path Lumen cannot write is a bad path.
package struct RecordingFile: Sendable {
    package let path: String
    package var partPath: String { path + ".part" }

    /// Checks `path` and makes its folder: it must not be a folder itself, and its folder
    /// must be writable.
    package init(_ path: String) throws(RecordingError) {
        self.path = path
        var isDir = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir {
            throw .badPath("--out: \(path) is a folder")
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw .badPath("--out: cannot create \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Opens the part file for writing (created, emptied).
    package func open() throws(RecordingError) -> Int32 {
        let fd = Glibc.open(partPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .badPath("--out: cannot write \(path): \(String(cString: strerror(errno)))") }
        return fd
    }

    /// The part file becomes the recording.
    package func commit() throws(RecordingError) {
        guard rename(partPath, path) == 0 else { throw .failed("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// The part file is removed (the recording failed or was cancelled).
    package func discard() { unlink(partPath) }
}
