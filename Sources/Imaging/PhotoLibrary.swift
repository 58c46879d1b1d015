import FoundationEssentials
import Glibc

/// A photo to show: its file and the title made from its name.
public struct Photo: Equatable, Sendable {
    public let path: String
    public let title: String
    public init(path: String, title: String) { self.path = path; self.title = title }
}

/// The user's photos (`--images PATH…`): files and the files in folders, in natural name order
/// (`img2` before `img10`), with every file that is not an image by its content left out. Only
/// the first bytes of each file are read, so a folder of thousands lists at once.
public enum PhotoLibrary {
    /// A path that cannot be listed: the one-line reason.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The photos in `paths`, in the order given, each folder's files (not its subfolders or
    /// hidden files) in natural name order.
    public static func photos(in paths: [String]) throws(Failure) -> [Photo] {
        let fm = FileManager.default
        var out: [Photo] = []
        for path in paths {
            var isDir = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { throw Failure(message: "\(path): no such file or folder") }
            if !isDir {
                if isImage(path) { out.append(Photo(path: path, title: title(for: path))) }
                continue
            }
            let names: [String]
            do { names = try fm.contentsOfDirectory(atPath: path) } catch { throw Failure(message: "\(path): cannot be read (permission denied?)") }
            for name in names.filter({ !$0.hasPrefix(".") }).sorted(by: naturalOrder) {
                let file = path.hasSuffix("/") ? path + name : path + "/" + name
                var sub = false
                guard fm.fileExists(atPath: file, isDirectory: &sub), !sub, isImage(file) else { continue }
                out.append(Photo(path: file, title: title(for: file)))
            }
        }
        return out
    }

    /// Whether the file starts like an image Lumen decodes (its first 16 bytes).
    static func isImage(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        let n = read(fd, &head, 16)
        return n > 0 && ImageFormat.sniff(Array(head.prefix(n))) != nil
    }

    /// Natural order: runs of digits compare as numbers, letters without regard to case
    /// (Foundation's numeric, case-insensitive comparison).
    public static func naturalOrder(_ a: String, _ b: String) -> Bool {
        var i = a.lowercased()[...], j = b.lowercased()[...]
        while let x = i.first, let y = j.first {
            if x.isASCII && x.isNumber && y.isASCII && y.isNumber {
                // Whole runs of digits: fewer significant digits is smaller, then digit by digit.
                let m = i.prefix { $0.isASCII && $0.isNumber }, n = j.prefix { $0.isASCII && $0.isNumber }
                let u = m.drop { $0 == "0" }, v = n.drop { $0 == "0" }
                if u.count != v.count { return u.count < v.count }
                if u != v { return u < v }
                i = i.dropFirst(m.count); j = j.dropFirst(n.count)
            } else {
                if x != y { return x < y }
                i = i.dropFirst(); j = j.dropFirst()
            }
        }
        if i.isEmpty != j.isEmpty { return i.isEmpty }
        return a < b   // the same under these rules ("img2", "IMG002"): a fixed order all the same
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
