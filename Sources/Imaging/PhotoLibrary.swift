import Foundation

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
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { throw Failure(message: "\(path): no such file or folder") }
            if !isDir.boolValue {
                if isImage(path) { out.append(Photo(path: path, title: title(for: path))) }
                continue
            }
            let names: [String]
            do { names = try fm.contentsOfDirectory(atPath: path) } catch { throw Failure(message: "\(path): cannot be read (permission denied?)") }
            for name in names.filter({ !$0.hasPrefix(".") }).sorted(by: naturalOrder) {
                let file = (path as NSString).appendingPathComponent(name)
                var sub: ObjCBool = false
                guard fm.fileExists(atPath: file, isDirectory: &sub), !sub.boolValue, isImage(file) else { continue }
                out.append(Photo(path: file, title: title(for: file)))
            }
        }
        return out
    }

    /// Whether the file starts like an image Lumen decodes (its first 16 bytes).
    static func isImage(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let head = (try? h.read(upToCount: 16)) ?? Data()
        return ImageFormat.sniff([UInt8](head)) != nil
    }

    /// Natural order: runs of digits compare as numbers, letters without regard to case.
    public static func naturalOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
    }

    /// A title from a file name: no extension, `_` and `-` as spaces ("river_at-night.jpg" →
    /// "river at night").
    public static func title(for path: String) -> String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let spaced = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return spaced.trimmingCharacters(in: .whitespaces).isEmpty ? name : spaced
    }
}
