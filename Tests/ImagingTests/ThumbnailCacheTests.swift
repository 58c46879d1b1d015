import CCairo   // GLib, through Pango
import Foundation
import Geometry
import LumenTestSupport
import Render
import Testing
@testable import Imaging
import Pixels

@Suite("The freedesktop thumbnail cache", .serialized)
struct ThumbnailCacheTests {
    func freshCache(_ name: String) -> ThumbnailCache {
        let root = ImageFixtures.path(name)
        try? FileManager.default.removeItem(atPath: root)
        return ThumbnailCache(root: root)
    }

    func photo(_ name: String, _ w: Int, _ h: Int) -> String {
        let b = PixelBuffer(width: w, height: h, fill: 0xFF20_80C0)
        guard case .success(let jpeg) = JPEGEncoder.encode(b, quality: 90) else { return "" }
        return ImageFixtures.write(jpeg, name)
    }

    /// `path` as a fresh loader shows it at the x-large thumbnail size, decoded and delivered.
    func load(_ path: String, through cache: ThumbnailCache) -> ImageAsset {
        let loader = ImageLoader()
        loader.thumbnails = cache
        let asset = loader.image(at: path, shownIn: Size(width: 512, height: 384))
        loader.waitForAll()
        return asset
    }

    @Test func namesAreTheMD5OfTheURIAsTheStandardSays() {
        // The standard's own example.
        let cache = ThumbnailCache(root: "/c")
        #expect(ThumbnailCache.uri(for: "/home/jens/photos/me.png") == "file:///home/jens/photos/me.png")
        #expect(cache.file(for: "/home/jens/photos/me.png", size: .xLarge) == "/c/x-large/c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(ThumbnailCache.Size.covering(300) == .xLarge && ThumbnailCache.Size.covering(900) == .xxLarge
                && ThumbnailCache.Size.covering(1500) == nil)
    }

    /// GLib's answer for a path's bytes: its URI (`g_filename_to_uri`) and that URI's MD5
    /// (`g_compute_checksum_for_string`), what GNOME's thumbnailers name the thumbnail by.
    static func glib(_ path: [UInt8]) -> (uri: String, md5: String)? {
        let c = (path + [0]).map { CChar(bitPattern: $0) }
        guard let uri = g_filename_to_uri(c, nil, nil) else { return nil }
        defer { g_free(uri) }
        guard let sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return nil }
        defer { g_free(sum) }
        return (String(cString: uri), String(cString: sum))
    }

    /// Names with `;`, `#`, `%`, a space, `é`, `?`, brackets, and one that is not UTF-8 (é in
    /// Latin-1): the thumbnail is where the file manager looks for it. A path with `.` and `..`
    /// is the path they stand for, as GIO has it.
    @Test(arguments: ["/photos/a;b é#1.jpg", "/photos/50% off.jpg", "/p/x;y=z&w.png", "/p/ü/[1]?.jpg", "/p/~tilde's (copy).jpg"])
    func thumbnailNamesAreGLibs(path: String) throws {
        try expectGLibs(Array(path.utf8), resolved: Array(path.utf8))
    }

    @Test func aNameThatIsNotUTF8AndDotsAreGLibs() throws {
        try expectGLibs(Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8), resolved: Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        try expectGLibs(Array("/x/./y/../50%#?[1].jpg".utf8), resolved: Array("/x/50%#?[1].jpg".utf8))
    }

    func expectGLibs(_ path: [UInt8], resolved: [UInt8]) throws {
        let cache = ThumbnailCache(root: "/c")
        let glib = try #require(Self.glib(resolved))
        let uri = ThumbnailCache.uri(forBytes: path)
        #expect(uri == glib.uri)
        #expect(cache.file(forURI: uri, size: .xLarge) == "/c/x-large/\(glib.md5).png")
        #expect(cache.file(forURI: uri, size: .xxLarge) == "/c/xx-large/\(glib.md5).png")
    }

    @Test func theLoaderWritesAThumbnailAndTheNextVisitReadsIt() throws {
        let cache = freshCache("thumbs-a")
        let original = photo("big-original.jpg", 2000, 1500)
        let first = load(original, through: cache)
        #expect(first.pixels?.width == 512 && first.pixels?.height == 384, "decoded to the thumbnail size")
        let file = cache.file(for: original, size: .xLarge)
        #expect(FileManager.default.fileExists(atPath: file), "written to \(file)")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "private to the user")

        // Mark the cached copy: the next visit shows the mark, so it came from the cache.
        let marked = PixelBuffer(width: 512, height: 384, fill: 0xFFFF_0000)
        #expect(cache.write(marked, for: original, size: .xLarge, originalSize: (2000, 1500)))
        let again = load(original, through: cache)
        #expect(again.pixels?[10, 10] == 0xFFFF_0000, "read from the thumbnail cache")
    }

    @Test func staleAndCorruptThumbnailsAreIgnoredAndWrittenAgain() throws {
        let cache = freshCache("thumbs-b")
        let original = photo("changing.jpg", 1600, 1200)
        let marked = PixelBuffer(width: 512, height: 384, fill: 0xFFFF_0000)
        #expect(cache.write(marked, for: original, size: .xLarge, originalSize: (1600, 1200)))
        #expect(cache.read(original, size: .xLarge)?[0, 0] == 0xFFFF_0000)
        // The original changes: its mtime no longer matches.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: original)
        #expect(cache.read(original, size: .xLarge) == nil, "stale")
        let asset = load(original, through: cache)
        #expect(asset.pixels.map { $0[0, 0] != 0xFFFF_0000 } == true, "decoded from the original")
        #expect(cache.read(original, size: .xLarge) != nil, "and written again")
        // A corrupt file in its place is ignored too.
        #expect(FileManager.default.createFile(atPath: cache.file(for: original, size: .xLarge), contents: Data("garbage".utf8)))
        #expect(cache.read(original, size: .xLarge) == nil)
    }

    @Test func smallOriginalsAreNotThumbnailed() {
        let cache = freshCache("thumbs-c")
        let small = photo("small.jpg", 300, 200)
        let asset = load(small, through: cache)
        #expect(asset.pixels?.width == 300)
        #expect(!FileManager.default.fileExists(atPath: cache.file(for: small, size: .xLarge)))
    }
}
