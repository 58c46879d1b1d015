import FoundationEssentials
import Glibc
import SystemSupport

/// A photo to show: its file and the title made from its name.
public struct Photo: Equatable, Sendable {
    /// The file's path.
    public let path: String
    /// The photo's name as the app shows it.
    public let title: String
    /// The photo at `path`, called `title`.
    public init(path: String, title: String) { self.path = path; self.title = title }
}

/// The user's photos (`--images PATH…`): files and the files in folders, in natural name order
/// (`img2` before `img10`), with every file that is not an image by its content left out. Only
/// the first bytes of each file are read, so a folder of thousands lists at once.
public enum PhotoLibrary {
    /// A path that cannot be listed: the one-line reason.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong, in one line.
        public let message: String
        public var description: String { message }
    }

    /// The photos in `paths`, in the order given, each folder's files (not its subfolders or
    /// hidden files) in natural name order. A file that cannot be a photo for a reason the user
    /// should hear (it cannot be read, it is a FIFO, a socket or a device, its name is not valid
    /// UTF-8) is left out with one line to `skipped`; a file that is simply not an image (notes,
    /// a sidecar) is left out silently. Nothing is opened that could block.
    public static func photos(in paths: [String], skipped: (String) -> Void = { _ in }) throws(Failure) -> [Photo] {
        var out: [Photo] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { throw Failure(message: "\(LogText.escaped(path)): no such file or folder") }
                throw Failure(message: "\(LogText.escaped(path)): \(PhotoFile.reason(errno: errno))")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                if let photo = photo(at: path, skipped: skipped) { out.append(photo) }
                continue
            }
            guard let names = entries(of: path, skipped: skipped) else {
                throw Failure(message: "\(LogText.escaped(path)): cannot be read (permission denied?)")
            }
            for name in naturallySorted(names) {
                let file = path.hasSuffix("/") ? path + name : path + "/" + name
                if let photo = photo(at: file, inFolder: true, skipped: skipped) { out.append(photo) }
            }
        }
        return out
    }

    /// Whether `path` exists (a file, a folder or anything else), without opening it.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a folder but hidden ones, read as bytes (`readdir`): a name that is not
    /// valid UTF-8 is reported and left out. Nil when the folder cannot be read.
    static func entries(of folder: String, skipped: (String) -> Void) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let bytes = FolderEntries.nameBytes(entry)
            guard let first = bytes.first, first != UInt8(ascii: ".") else { continue }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = LogText.escaped(folder.hasSuffix("/") ? folder : folder + "/") + LogText.escaped(bytes: bytes)
                skipped("\(shown): the file name is not valid UTF-8; rename it to show it")
                continue
            }
            names.append(name)
        }
        return names
    }

    /// The photo at `path` when it is a readable regular file that starts like an image; in a
    /// folder a subfolder is passed over silently.
    static func photo(at path: String, inFolder: Bool = false, skipped: (String) -> Void) -> Photo? {
        var info = stat()
        guard stat(path, &info) == 0 else { skipped("\(LogText.escaped(path)): \(PhotoFile.reason(errno: errno))"); return nil }
        if inFolder, info.st_mode & S_IFMT == S_IFDIR { return nil }
        if let why = PhotoFile.refusal(mode: info.st_mode) { skipped("\(LogText.escaped(path)): \(why); skipped"); return nil }
        switch startsLikeImage(path) {
        case .success(true): return Photo(path: path, title: title(for: path))
        case .success(false): return nil
        case .failure(let f): skipped("\(LogText.escaped(path)): \(f.reason)"); return nil
        }
    }

    /// Whether the file starts like an image Lumen decodes (its first bytes).
    static func startsLikeImage(_ path: String) -> Result<Bool, ImageDecoder.Failure> {
        PhotoFile.open(path).map { fd in
            defer { close(fd) }
            var head = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
            let n = read(fd, &head, head.count)
            return n > 0 && ImageFormat.sniff(Array(head.prefix(n))) != nil
        }
    }

    /// The file manager's order of two names: GLib's collation key for file names, under
    /// the locale's `LC_COLLATE` (digit runs as numbers, accents by the locale's rules).
    public static func naturalOrder(_ a: String, _ b: String) -> Bool {
        FileNameOrder.Keyed(a).precedes(FileNameOrder.Keyed(b))
    }

    /// `names` in the file manager's order (`FileNameOrder`).
    static func naturallySorted(_ names: [String]) -> [String] {
        FileNameOrder.sorted(names)
    }

    /// A title from a file name: no extension, `_` and `-` as spaces ("river_at-night.jpg" →
    /// "river at night").
    public static func title(for path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = file.lastIndex(of: ".").map { $0 == file.startIndex ? file : String(file[..<$0]) } ?? file
        let spaced = name.replacing("_", with: " ").replacing("-", with: " ")
        return spaced.trimmed.isEmpty ? name : spaced
    }
}
