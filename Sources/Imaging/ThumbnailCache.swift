import CImageCodecs
import FoundationEssentials
import Geometry
import Glibc
import Pixels

/// The freedesktop thumbnail cache (Thumbnail Managing Standard 0.9): PNGs named by the MD5 of
/// the original's URI under `$XDG_CACHE_HOME/thumbnails/x-large` (512 px) and `xx-large`
/// (1024 px), carrying `Thumb::URI` and `Thumb::MTime`. Lumen reads a thumbnail only when both
/// match the original (a stale or corrupt one is ignored and written again) and writes its own
/// atomically, so file managers and Lumen share the work. Safe on any thread.
package struct ThumbnailCache: Sendable {
    /// The thumbnail sizes Lumen uses: the longest side in pixels and the folder.
    public enum Size: Int, Sendable, CaseIterable {
        /// The Thumbnail Managing Standard's x-large: 512 pixels on the longest side.
        case xLarge = 512
        /// The Thumbnail Managing Standard's xx-large: 1024 pixels on the longest side.
        case xxLarge = 1024
        var folder: String { self == .xLarge ? "x-large" : "xx-large" }

        /// The smallest size whose longest side covers `pixels`, or nil beyond 1024.
        public static func covering(_ pixels: Int) -> Size? { allCases.first { $0.rawValue >= pixels } }
    }

    /// The `thumbnails` folder.
    public let root: String

    /// The cache at `root`, else the desktop's: `thumbnails` in the user's cache folder
    /// (`$XDG_CACHE_HOME`, else `~/.cache`, as GLib's `g_get_user_cache_dir` finds it).
    public init(root: String? = nil) {
        self.root = root ?? DesktopFolders.cache + "/thumbnails"
    }

    /// The file URI of `path` as the desktop writes it (GIO's: made absolute, `.` and `..`
    /// resolved, then escaped by GLib's `g_filename_to_uri`), so thumbnails are shared with
    /// the file manager and GNOME's thumbnailers whatever the name holds.
    public static func uri(for path: String) -> String {
        uri(forBytes: Array(path.utf8))
    }

    /// The same for a path's bytes, which need not be UTF-8 (a file name is bytes).
    static func uri(forBytes path: [UInt8]) -> String {
        guard let uri = (path + [0]).withUnsafeBufferPointer({ lumen_file_uri(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }) else {
            return "file://" + String(decoding: path, as: UTF8.self)
        }
        defer { lumen_desktop_free(uri) }
        return String(cString: uri)
    }

    /// Where the thumbnail of `path` at `size` lives.
    public func file(for path: String, size: Size) -> String {
        file(forURI: Self.uri(for: path), size: size)
    }

    /// Where the thumbnail of the file at `uri` at `size` lives: the MD5 of the URI.
    func file(forURI uri: String, size: Size) -> String {
        var hex = [CChar](repeating: 0, count: 33)
        lumen_md5_hex(uri, &hex)
        return "\(root)/\(size.folder)/\(String(nulTerminated: hex)).png"
    }

    /// The original's modification time in whole seconds, as `Thumb::MTime` holds it.
    static func mtime(_ path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let date = attributes[.modificationDate] as? Date else { return nil }
        return Int(date.timeIntervalSince1970)
    }

    /// What a thumbnail must carry to be valid for an original: its URI and mtime.
    public struct Key: Sendable, Equatable {
        /// The original's file URI, as the standard's `Thumb::URI`.
        public var uri: String
        /// The original's modification time, seconds since 1970, as the standard's `Thumb::MTime`.
        public var mtime: Int
        /// The key for the original at `uri`, modified at `mtime`.
        public init(uri: String, mtime: Int) { self.uri = uri; self.mtime = mtime }
    }

    /// The key of the original at `path` (nil when it cannot be read).
    public static func key(for path: String) -> Key? {
        mtime(path).map { Key(uri: uri(for: path), mtime: $0) }
    }

    /// The cached thumbnail of `path`, if there is a valid one: its URI and mtime match.
    public func read(_ path: String, size: Size) -> PixelBuffer? {
        guard let key = Self.key(for: path) else { return nil }
        let thumb = file(for: path, size: size)
        guard case .success(let pixels) = PhotoFile.withMapped(path: thumb, { bytes -> Result<PixelBuffer, ImageDecoder.Failure> in
            Self.decodeValid(bytes, key: key).map { .success($0) } ?? .failure(.init(reason: "stale"))
        }) else { return nil }
        return pixels
    }

    /// The pixels of a thumbnail's bytes when it is valid for `key` (its Thumb::URI and
    /// Thumb::MTime match), else nil: a stale or corrupt one is ignored (and written again).
    public static func decodeValid(_ bytes: UnsafeRawBufferPointer, key: Key) -> PixelBuffer? {
        guard carries(bytes, key), case .success(let pixels) = ImageDecoder.decode(bytes) else { return nil }
        return pixels
    }

    /// Whether a PNG's Thumb::URI and Thumb::MTime text chunks are `key`'s.
    static func carries(_ bytes: UnsafeRawBufferPointer, _ key: Key) -> Bool {
        text(bytes, "Thumb::URI") == key.uri && text(bytes, "Thumb::MTime") == String(key.mtime)
    }

    /// A PNG's text chunk `name`, or nil.
    package static func text(_ bytes: UnsafeRawBufferPointer, _ name: String) -> String? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var value = [CChar](repeating: 0, count: 4096)
        return lumen_png_text(base, bytes.count, name, &value, value.count) == 0 ? String(nulTerminated: value) : nil
    }

    /// The cached thumbnails of `path` that exist, opened (`PhotoFile.open`): the caller closes them.
    public func openThumbnails(for path: String) -> [(Size, Int32)] {
        Size.allCases.compactMap { size in
            guard case .success(let fd) = PhotoFile.open(file(for: path, size: size)) else { return nil }
            return (size, fd)
        }
    }

    /// The freedesktop failure mark of `path` (`fail/lumen/<md5>.png`): a PNG carrying the
    /// original's URI and mtime, and the decoder that failed (`Lumen::Decoder`), written when
    /// decoding it crashed, so later runs of that decoder leave it alone until the file changes.
    public func failureFile(for path: String) -> String {
        file(for: path, size: .xLarge).replacing("/\(Size.xLarge.folder)/", with: "/fail/lumen/")
    }

    /// Whether a failure mark valid for `key` and written by `decoder` is there: one written by
    /// another decoder (an older one, or before marks recorded it) lets the file be tried again.
    public func hasFailureMark(for path: String, key: Key, decoder: String) -> Bool {
        let result = PhotoFile.withMapped(path: failureFile(for: path)) { bytes -> Result<Bool, ImageDecoder.Failure> in
            .success(Self.carries(bytes, key) && Self.text(bytes, "Lumen::Decoder") == decoder)
        }
        return (try? result.get()) ?? false
    }

    /// Writes the failure mark of `path` (a 1 × 1 transparent PNG with its URI, mtime and the
    /// decoder that failed).
    @discardableResult
    public func markFailed(_ path: String, key: Key, decoder: String) -> Bool {
        writePNG(PixelBuffer(width: 1, height: 1), to: failureFile(for: path),
                 pairs: [("Thumb::URI", key.uri), ("Thumb::MTime", String(key.mtime)), ("Lumen::Decoder", decoder), ("Software", "Lumen")])
    }

    /// Maps each open thumbnail file in `files`, then runs `body` over them all by size (one
    /// that cannot be mapped is left out).
    public static func withMapped<T>(_ files: [(Size, Int32)], _ mapped: [Size: UnsafeRawBufferPointer] = [:],
                                     _ body: ([Size: UnsafeRawBufferPointer]) -> Result<T, ImageDecoder.Failure>) -> Result<T, ImageDecoder.Failure> {
        guard let (size, fd) = files.first else { return body(mapped) }
        let rest = Array(files.dropFirst())
        var ran = false
        let result: Result<T, ImageDecoder.Failure> = PhotoFile.withMapped(fd) { bytes in
            ran = true
            var more = mapped
            more[size] = bytes
            return withMapped(rest, more, body)
        }
        return ran ? result : withMapped(rest, mapped, body)
    }

    /// Writes the thumbnail of `path` (already at most `size` on its longest side); false when
    /// the cache cannot be written (the photo still shows, the next visit decodes again).
    @discardableResult
    public func write(_ pixels: PixelBuffer, for path: String, size: Size, originalSize: (width: Int, height: Int)) -> Bool {
        guard let mtime = Self.mtime(path) else { return false }
        let pairs = [("Thumb::URI", Self.uri(for: path)), ("Thumb::MTime", String(mtime)),
                     ("Thumb::Image::Width", String(originalSize.width)), ("Thumb::Image::Height", String(originalSize.height)),
                     ("Software", "Lumen")]
        return writePNG(pixels, to: file(for: path, size: size), pairs: pairs)
    }

    /// Writes `pixels` as a PNG with text chunks at `target`, atomically (a temporary file in
    /// the same folder, then a rename), making the folder (mode 700) when needed.
    private func writePNG(_ pixels: PixelBuffer, to target: String, pairs: [(String, String)]) -> Bool {
        let folder = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { return false }
        var length = 0
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        let keys = pairs.map { strdup($0.0) }, values = pairs.map { strdup($0.1) }
        defer { keys.forEach { free($0) }; values.forEach { free($0) } }
        let keyPointers = keys.map { UnsafePointer($0) }, valuePointers = values.map { UnsafePointer($0) }
        guard let bytes = lumen_png_encode(pixels.pixels, Int32(pixels.width), Int32(pixels.height), pixels.stride * 4,
                                           keyPointers, valuePointers, Int32(pairs.count), &length, &message) else { return false }
        defer { free(bytes) }
        let temporary = folder + "/.lumen-\(getpid())-\(UUID().uuidString).png"
        guard fm.createFile(atPath: temporary, contents: Data(bytes: bytes, count: length), attributes: [.posixPermissions: 0o600]) else { return false }
        if rename(temporary, target) == 0 { return true }
        try? fm.removeItem(atPath: temporary)
        return false
    }
}
