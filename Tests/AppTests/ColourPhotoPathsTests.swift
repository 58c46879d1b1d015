import Foundation
import Glibc
import Imaging
import LumenTestSupport
import Testing

/// Photos with a colour profile (ICC or nclx) and AVIF/HEIC, through every command that decodes
/// in the sandboxed workers: `render` and `record` of the hero, an `--images` folder in the
/// gallery, and the thumbnails it writes, each in the photo's colours, not a placeholder.
@Suite("Colour-managed photos through the workers, in every path", .serialized)
struct ColourPhotoPathsTests {
    /// One flat colour per photo, stored in each file's own colour space.
    static func photos() -> [(String, [UInt8])] {
        let (w, h) = (1280, 960)
        let profiles = Dictionary(uniqueKeysWithValues: FormatCorpus.profiles.compactMap { name, icc in icc.map { (name, $0) } })
        var out: [(String, [UInt8])] = []
        if let adobe = profiles["adobe-rgb"] {
            out.append(("adobe.jpg", FormatFixtures.jpeg(w, h, icc: adobe) { _, _ in (200, 60, 40) }))
            out.append(("adobe.webp", FormatFixtures.webp(w, h, icc: adobe) { _, _ in (40, 160, 70, 255) }))
        }
        if let prophoto = profiles["prophoto"] {
            out.append(("prophoto.png", ImageFixtures.png(width: w, height: h, colorType: 2, bitDepth: 8,
                                                           rows: [[UInt8]](repeating: (0..<w).flatMap { _ in [UInt8(150), 60, 140] }, count: h),
                                                           extra: [ImageFixtures.iccpChunk(prophoto)])))
        }
        if let p3 = profiles["display-p3"], let heic = FormatFixtures.heif(w, h, codec: 1, icc: p3, { _, _ in (60, 90, 200, 255) }) {
            out.append(("p3.heic", heic))
        }
        if let avif = FormatFixtures.heif(w, h, codec: 2, primaries: 12, { _, _ in (220, 180, 40, 255) }) { out.append(("p3.avif", avif)) }
        return out
    }

    func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }
    func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }
    func failureLines(_ run: Binary.Run) -> [String] {
        run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("lumen: /") }
    }
    /// The photo's colour as this process decodes it (the worker's pixels are the same bytes:
    /// `WorkerCorpusTests`), far from gray.
    func expected(_ path: String) throws -> (Int, Int, Int) {
        let decoded = try ImageDecoder.decode(path: path, width: 64).get()
        let c = rgb(decoded[decoded.width / 2, decoded.height / 2])
        #expect(max(c.0, c.1, c.2) - min(c.0, c.1, c.2) > 60, "\(path) is a strong colour: \(c)")
        return c
    }

    func folder() throws -> (String, [(String, String)]) {
        let dir = ImageFixtures.path("colour-paths-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let written = Self.photos().map { name, bytes in
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes))
            return (name, dir + "/" + name)
        }
        return (dir, written)
    }

    @Test func renderAndRecordShowEachPhotoInItsColours() throws {
        let (dir, photos) = try folder()
        #expect(photos.count == 5, "JPEG and WebP in Adobe RGB, PNG in ProPhoto, HEIC in Display P3, AVIF nclx P3")
        for (name, path) in photos {
            let want = try expected(path)
            let out = dir + "/\(name)-hero.png"
            let run = try Binary.run(["render", "--scene", "hero", "--images", path, "--size", "320x200", "--out", out])
            #expect(run.status == 0 && failureLines(run).isEmpty, "\(name): \(run.stderr)")
            if let shot = try? ImageDecoder.decode(path: out).get() {
                let got = rgb(shot[160, 100])
                #expect(near(got, want, 6), "render \(name): \(got), the photo is \(want)")
            }
            let frames = dir + "/frames-" + name.replacingOccurrences(of: ".", with: "-")
            let recorded = try Binary.run(["record", "--scene", "hero", "--images", path, "--size", "320x200",
                                           "--duration", "0.2", "--fps", "5", "--out", frames])
            #expect(recorded.status == 0 && failureLines(recorded).isEmpty, "\(name): \(recorded.stderr)")
            if let frame = try? ImageDecoder.decode(path: frames + "/frame-00000.png").get() {
                let got = rgb(frame[160, 100])
                #expect(near(got, want, 6), "record \(name): \(got), the photo is \(want)")
            }
        }
    }

    /// The gallery of the folder decodes every photo in the workers and caches each one's
    /// thumbnail in its colours.
    @Test func theGalleryAndItsThumbnailsKeepTheColours() throws {
        let (dir, photos) = try folder()
        let cache = ImageFixtures.path("colour-paths-cache-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let run = try Binary.run(["render", "--scene", "gallery", "--images", dir, "--size", "800x3000", "--out", dir + "/../gallery-colour.png"],
                                 env: ["XDG_CACHE_HOME": cache])
        #expect(run.status == 0 && failureLines(run).isEmpty, "\(run.stderr)")
        let thumbnails = ThumbnailCache(root: cache + "/thumbnails")
        for (name, path) in photos {
            let want = try expected(path)
            let cached = ThumbnailCache.Size.allCases.compactMap { thumbnails.read(path, size: $0) }
            #expect(!cached.isEmpty, "\(name): a thumbnail was written")
            for thumbnail in cached {
                let got = rgb(thumbnail[thumbnail.width / 2, thumbnail.height / 2])
                #expect(near(got, want, 6), "\(name)'s \(thumbnail.width)-pixel thumbnail: \(got), the photo is \(want)")
            }
        }
    }
}
