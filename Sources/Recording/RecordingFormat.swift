import FoundationEssentials

/// What a recording is written as, from its path: a folder of numbered PNGs (no extension, a
/// path that ends in `/`, or a folder already there under another extension than the
/// formats'), an animated WebP, an animated GIF, or H.264 in MP4.
package enum RecordingFormat: String, Sendable, CaseIterable {
    case pngFrames, webp, gif, mp4

    /// The extensions a recording file takes.
    package static let fileExtensions = ["webp", "gif", "mp4"]

    /// The format `path` names; an extension Lumen does not write is a bad path, unless the
    /// path is a folder (`takes.v2/`, or `takes.v2` already there). A folder in the way of a
    /// file of a format Lumen writes (`clip.gif`, a folder) is left for the writer to refuse.
    package init(path: String) throws(RecordingError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard !path.hasSuffix("/"), let dot = name.lastIndex(of: "."), dot != name.startIndex else { self = .pngFrames; return }
        let ext = name[name.index(after: dot)...].lowercased()
        if let format = RecordingFormat(rawValue: ext), format != .pngFrames {
            self = format
            return
        }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder else {
            throw .badPath("--out: cannot record to '.\(ext)' (a FOLDER for numbered PNGs, or FILE.webp, FILE.gif or FILE.mp4)")
        }
        self = .pngFrames
    }

    /// The extension its files end in (none for a folder).
    package var fileExtension: String? { self == .pngFrames ? nil : rawValue }
}
