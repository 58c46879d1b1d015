import CImageCodecs
import Effects
import FoundationEssentials
import Geometry
import Glibc

/// The freedesktop thumbnail cache (Thumbnail Managing Standard 0.9): PNGs named by the MD5 of
/// the original's URI under `$XDG_CACHE_HOME/thumbnails/x-large` (512 px) and `xx-large`
/// (1024 px), carrying `Thumb::URI` and `Thumb::MTime`. Lumen reads a thumbnail only when both
/// match the original (a stale or corrupt one is ignored and written again) and writes its own
/// atomically, so file managers and Lumen share the work. Safe on any thread.
public struct ThumbnailCache: Sendable {
    /// The thumbnail sizes Lumen uses: the longest side in pixels and the folder.
    public enum Size: Int, Sendable, CaseIterable {
        case xLarge = 512, xxLarge = 1024
        var folder: String { self == .xLarge ? "x-large" : "xx-large" }

        /// The smallest size whose longest side covers `pixels`, or nil beyond 1024.
        public static func covering(_ pixels: Int) -> Size? { allCases.first { $0.rawValue >= pixels } }
    }

    /// The `thumbnails` folder.
    public let root: String

    /// `$XDG_CACHE_HOME/thumbnails`, else `~/.cache/thumbnails`.
    public init(root: String? = nil) {
        if let root { self.root = root; return }
        let env = ProcessInfo.processInfo.environment
        let cache = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((env["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.cache")
        self.root = cache + "/thumbnails"
    }

    /// The file URI of an absolute path, percent-encoded as the standard asks.
    public static func uri(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? URL(fileURLWithPath: path).standardized.path : path
        // RFC 3986 path characters (unreserved, sub-delims, ':', '@', '/'); every other byte as %XX.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for b in absolute.utf8 {
            if allowed.contains(b) { bytes.append(b) } else { bytes += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]] }
        }
        return "file://" + String(decoding: bytes, as: UTF8.self)
    }

    /// Where the thumbnail of `path` at `size` lives.
    public func file(for path: String, size: Size) -> String {
        var hex = [CChar](repeating: 0, count: 33)
        lumen_md5_hex(Self.uri(for: path), &hex)
        return "\(root)/\(size.folder)/\(String(nulTerminated: hex)).png"
    }

    /// The original's modification time in whole seconds, as `Thumb::MTime` holds it.
    static func mtime(_ path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let date = attributes[.modificationDate] as? Date else { return nil }
        return Int(date.timeIntervalSince1970)
    }

    /// The cached thumbnail of `path`, if there is a valid one: its URI and mtime match.
    public func read(_ path: String, size: Size) -> PixelBuffer? {
        let thumb = file(for: path, size: size)
        guard let mtime = Self.mtime(path), let data = try? Data(contentsOf: URL(fileURLWithPath: thumb), options: .alwaysMapped) else { return nil }
        let valid: Bool = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
            func text(_ key: String) -> String? {
                var value = [CChar](repeating: 0, count: 4096)
                return lumen_png_text(base, raw.count, key, &value, value.count) == 0 ? String(nulTerminated: value) : nil
            }
            return text("Thumb::URI") == Self.uri(for: path) && text("Thumb::MTime") == String(mtime)
        }
        guard valid, case .success(let pixels) = data.withUnsafeBytes({ ImageDecoder.decode($0) }) else { return nil }
        return pixels
    }

    /// Writes the thumbnail of `path` (already at most `size` on its longest side); false when
    /// the cache cannot be written (the photo still shows, the next visit decodes again).
    @discardableResult
    public func write(_ pixels: PixelBuffer, for path: String, size: Size, originalSize: (width: Int, height: Int)) -> Bool {
        guard let mtime = Self.mtime(path) else { return false }
        let folder = "\(root)/\(size.folder)"
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { return false }
        let pairs = [("Thumb::URI", Self.uri(for: path)), ("Thumb::MTime", String(mtime)),
                     ("Thumb::Image::Width", String(originalSize.width)), ("Thumb::Image::Height", String(originalSize.height)),
                     ("Software", "Lumen")]
        var length = 0
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        let keys = pairs.map { strdup($0.0) }, values = pairs.map { strdup($0.1) }
        defer { keys.forEach { free($0) }; values.forEach { free($0) } }
        let keyPointers = keys.map { UnsafePointer($0) }, valuePointers = values.map { UnsafePointer($0) }
        guard let bytes = lumen_png_encode(pixels.pixels, Int32(pixels.width), Int32(pixels.height), pixels.stride * 4,
                                           keyPointers, valuePointers, Int32(pairs.count), &length, &message) else { return false }
        defer { free(bytes) }
        // Atomically: a temporary file in the same folder, then a rename.
        let target = file(for: path, size: size)
        let temporary = folder + "/.lumen-\(getpid())-\(UUID().uuidString).png"
        guard fm.createFile(atPath: temporary, contents: Data(bytes: bytes, count: length), attributes: [.posixPermissions: 0o600]) else { return false }
        if rename(temporary, target) == 0 { return true }
        try? fm.removeItem(atPath: temporary)
        return false
    }
}
