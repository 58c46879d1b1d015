import Glibc
import Imaging
import SystemSupport

/// The videos a playlist entry names: files as given, folders as their videos in the file
/// manager's order (by extension: what FFmpeg's demuxers take that cameras and editors write).
enum VideoFiles {
    static let extensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "mts", "m2ts", "mpg", "mpeg", "ogv", "y4m"]

    /// The files, in turn; a folder that cannot be read gives none.
    static func list(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            guard let info = status(path), info.st_mode & S_IFMT == S_IFDIR else { return [path] }
            let names = (FolderEntries.names(in: path) ?? []).filter { name in
                !name.hasPrefix(".") && name.split(separator: ".").last.map { extensions.contains($0.lowercased()) } == true
            }
            return names.sorted(by: PhotoLibrary.naturalOrder).map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
        }
    }

    /// Whether `path` looks like a file still being copied in: changed less than `settle`
    /// seconds before `now` (seconds since 1970; a copy writes on, a finished file stays still).
    static func isStillArriving(_ path: String, now: Double, settle: Double = 2) -> Bool {
        guard let info = status(path) else { return false }
        return now - (Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9) < settle
    }

    /// What identifies a version of a file (its size and modification time), so that a file
    /// that failed is tried again only once it changed.
    static func version(_ path: String) -> String? {
        status(path).map { "\($0.st_size)@\($0.st_mtim.tv_sec).\($0.st_mtim.tv_nsec)" }
    }

    private static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }
}
