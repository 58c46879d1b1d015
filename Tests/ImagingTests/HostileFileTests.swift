import Foundation
import LumenTestSupport
import Testing
import Imaging
import Pixels

/// The classes of file made to hang a decoder or make it allocate gigabytes, generated here:
/// each is refused by the decoders' own limits (the worker's limits are the net under them).
@Suite("Hostile files: the decoders' own limits")
struct HostileFileTests {
    func reason(_ bytes: [UInt8]) -> String? {
        if case .failure(let f) = ImageDecoder.decode(bytes: bytes) { return f.reason }
        return nil
    }

    @Test func aProgressiveJPEGOf5000ScansStopsAtTheScanLimit() {
        #expect(reason(HostileFixtures.manyScans(5000))?.contains("more than 500 scans") == true)
        // A real progressive photo (about ten scans) decodes.
        let fine = FormatFixtures.jpeg(64, 64, progressive: true, arithmetic: false) { x, _ in (UInt8(x), 40, 40) }
        #expect(reason(fine) == nil)
    }

    @Test(arguments: [false, true])
    func a100000EmptyMarkersAreRefused(comment: Bool) {
        #expect(reason(HostileFixtures.manyMarkers(100_000, comment: comment))?.contains("more than 1000 markers") == true)
        // A few hundred are a camera's business.
        #expect(reason(HostileFixtures.manyMarkers(300, comment: comment)) == nil)
    }

    @Test func aTinyProgressiveJPEGDeclaring32768SquaredIsRefusedFromItsHeader() {
        let bytes = HostileFixtures.hugeProgressiveHeader()
        #expect(bytes.count < 400)
        let why = bytes.withUnsafeBytes { ImageDecoder.header($0) }
        guard case .failure(let f) = why else { Issue.record("the header is refused"); return }
        #expect(f.reason.contains("32768×32768 frame needs at least"), "\(f.reason)")
    }

    @Test func anEmptyHugeRLEBMPIsRefused() {
        #expect(reason(HostileFixtures.emptyRLEBMP())?.contains("truncated BMP") == true)
    }

    @Test func aHEIFGridOf20000TilesIsRefusedByItsItemCount() {
        let why = reason(HostileFixtures.heifGrid(tiles: 20_000))
        #expect(why?.contains("20001 items") == true, "\(why ?? "decoded")")
        // A camera's grid of 48 passes the count (and fails later: it has no tile data).
        #expect(reason(HostileFixtures.heifGrid(tiles: 48))?.contains("items") == false)
    }

    /// libheif 1.15 allocates a grid's output at the size its descriptor declares, whatever the
    /// `ispe` property says (the fuzzer's 1.7-KB file: 67 × 51 in `ispe`, 19267 × 26742 in the
    /// descriptor, 515 MB for its first plane), while the limits read `ispe`. A grid whose two
    /// sizes disagree is refused from its header, in a worker or in the app.
    @Test func aHEIFGridDeclaringMoreThanItsIspeIsRefusedFromItsDescriptor() throws {
        let colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, _ in (UInt8(x), 90, 40, 255) }
        guard let honest = HEIFGridFixture.grid(codec: 1, columns: 2, rows: 2, tile: (64, 64), colour),
              let bomb = HEIFGridFixture.grid(codec: 1, columns: 2, rows: 2, tile: (64, 64), declaring: (19267, 26742), colour)
        else { return }
        #expect(reason(honest) == nil)
        let header = bomb.withUnsafeBytes { ImageDecoder.header($0) }
        guard case .failure(let f) = header else { Issue.record("the header is refused"); return }
        #expect(f.reason == "corrupt HEIF: its picture is a grid of 19267×26742, its ispe says 128×128", "\(f.reason)")
        #expect(reason(bomb) == f.reason)
        // A grid whose descriptor is cut short is refused rather than taken at its ispe: the
        // grid's iloc entry (the first) says 2 bytes instead of 8.
        let iloc = try #require((0..<honest.count - 4).first { honest[$0..<$0 + 4].elementsEqual("iloc".utf8) })
        var cut = honest
        cut.replaceSubrange(iloc + 24..<iloc + 28, with: [0, 0, 0, 2])
        #expect(reason(cut)?.contains("the grid of its picture cannot be read") == true, "\(reason(cut) ?? "decoded")")
    }

    /// Files the fuzz targets found with no allocation allowed above 300 MB (what a worker's
    /// address space allows; the app decoding in process has no such net): a HEIF grid picture,
    /// and a picture's alpha grid, declaring far more than their `ispe` (libheif decodes the alpha
    /// with the picture), and a PNG whose eXIf chunk declares 1.77 GB (libpng 1.6.39 warns that
    /// it is too large, then allocates it).
    @Test func theFuzzersFilesAreRefusedBeforeALibraryAllocates() throws {
        let folder = TestAssets.repository.appendingPathComponent("Fuzz/regressions")
        for (name, said) in [("heif/grid-declaring-more-than-its-ispe", "corrupt HEIF: its picture is a grid of 19267×26742, its ispe says 67×51"),
                             ("heif/alpha-grid-declaring-more-than-its-ispe",
                              "corrupt HEIF: its auxiliary image is a grid of 26992×25455, its ispe says 67×51"),
                             ("png/exif-chunk-declaring-1.77-GB", "PNG eXIf chunk of 1766015824 bytes refused: more than the file holds")] {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(reason(bytes) == said, "\(name)")
        }
    }

    @Test func wholeDecodedWebPsAndGIFFramesAreRefusedAboveTheirLimits() {
        #expect(reason(HostileFixtures.losslessWebP())?.contains("lossless WebP of 16383×16383 exceeds the 48-megapixel limit") == true,
                "\(reason(HostileFixtures.losslessWebP()) ?? "decoded")")
        #expect(reason(HostileFixtures.animatedWebPCanvas())?.contains("16383×16383 exceeds the 100-megapixel limit") == true,
                "\(reason(HostileFixtures.animatedWebPCanvas()) ?? "decoded")")
        #expect(reason(HostileFixtures.gifHugeFrame())?.contains("first frame exceeds the 100-megapixel limit") == true,
                "\(reason(HostileFixtures.gifHugeFrame()) ?? "decoded")")
    }

    /// TIFF's Orientation tag turns and mirrors as EXIF's does (libtiff's RGBA reader only
    /// flips), in classic TIFF and BigTIFF.
    @Test(arguments: [false, true])
    func tiffOrientationsAreApplied(big: Bool) {
        for o in 1...8 {
            func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) { x == 0 && y == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
            let tiff = FormatFixtures.tiff(2, 4, orientation: o, big: big, pixel)
            #expect(ImageFormat.sniff(tiff) == .tiff)
            let stored = PixelBuffer(width: 2, height: 4, fill: 0xFF00_00FF)
            stored[0, 0] = 0xFFFF_0000
            let want = Orientation(rawValue: o)!.apply(to: stored)
            guard case .success(let b) = ImageDecoder.decode(bytes: tiff) else { Issue.record("TIFF \(o) decodes"); continue }
            #expect(b.width == want.width && b.height == want.height, "orientation \(o): \(b.width)×\(b.height)")
            guard b.width == want.width, b.height == want.height else { continue }
            let same = (0..<b.height).allSatisfy { y in (0..<b.width).allSatisfy { b[$0, y] == want[$0, y] } }
            #expect(same, "TIFF orientation \(o)\(big ? " (BigTIFF)" : ""): the mark is where the table puts it")
        }
    }

    /// An AVIF whose major brand is generic (`isom`) names `avif` among its compatible brands.
    @Test func anAVIFWithTheIsomMajorBrandIsAPhoto() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let payload = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            return ImageFixtures.be32(UInt32(8 + payload.count)) + Array("ftyp".utf8) + payload
        }
        #expect(ImageFormat.sniff(ftyp("isom", ["isom", "mif1", "miaf", "avif"])) == .avif)
        #expect(ImageFormat.sniff(ftyp("mif1", ["mif1", "heic"])) == .heic)
        #expect(ImageFormat.sniff(ftyp("isom", ["isom", "mp41"])) == nil, "an MP4 is not a photo")
        guard var avif = FormatFixtures.heif(16, 16, codec: 2, { _, _ in (200, 40, 40, 255) }) else { return }
        // The encoder's own file with its major brand made generic.
        avif.replaceSubrange(8..<12, with: Array("isom".utf8))
        #expect(ImageFormat.sniff(avif) == .avif)
        if case .failure(let f) = ImageDecoder.decode(bytes: avif) { Issue.record("decodes: \(f.reason)") }
    }
}
