import FoundationEssentials

/// What a recording is written as, from its path: a folder of numbered PNGs (no extension, a
/// path that ends in `/`, or a folder that is there), an animated WebP, an animated GIF, or
/// H.264 in MP4.
public enum RecordingFormat: String, Sendable, CaseIterable {
    case pngFrames, webp, gif, mp4

    /// The extensions a recording file takes.
    public static let fileExtensions = ["webp", "gif", "mp4"]

    /// The format `path` names; an extension Lumen does not write is a bad path, unless the
    /// path is a folder (`takes.v2/`, or `takes.v2` already there).
    public init(path: String) throws(RecordingError) {
        var isFolder = false
        if path.hasSuffix("/") || FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder {
            self = .pngFrames
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { self = .pngFrames; return }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = RecordingFormat(rawValue: ext), format != .pngFrames else {
            throw .badPath("--out: cannot record to '.\(ext)' (a FOLDER for numbered PNGs, or FILE.webp, FILE.gif or FILE.mp4)")
        }
        self = format
    }

    /// The extension its files end in (none for a folder).
    public var fileExtension: String? { self == .pngFrames ? nil : rawValue }
}
