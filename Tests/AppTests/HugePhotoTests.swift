import Foundation
import Glibc
import Imaging
import LumenTestSupport
import Testing

/// Photos far larger than they are shown, each through the sandboxed workers as a folder of
/// photos would go (`bench --decode --json`): decoded in rows, bands or a scaled frame into the
/// size they are drawn at, so the app and the worker together stay within 300 MB; what cannot be
/// decoded in parts (a TIFF tile of a gigabyte) is refused with its reason, as cheaply.
@Suite("Huge photos: within 300 MB, app and worker together", .serialized)
struct HugePhotoTests {
    static let budget = 300 << 20

    static let files: [(String, @Sendable () -> [UInt8], String?)] = [
        ("png-10000.png", { HugeFixtures.png(10000, 10000, interlaced: false) }, nil),
        ("png-adam7-8000.png", { HugeFixtures.png(8000, 8000, interlaced: true) }, nil),
        ("tiff-tiles-10000.tif", { HugeFixtures.tiff(10000, 10000, tile: 512) }, nil),
        ("tiff-one-tile.tif", { HugeFixtures.tiff(10000, 10000, tile: 16384, declaredOnly: true) },
         "cannot decode TIFF: tile of 16384×16384 is larger than Lumen decodes at once (64 MB)"),
        ("webp-canvas-10000.webp", { HostileFixtures.animatedWebPCanvas(side: 10000) }, nil),
        ("gif-screen-10000.gif", { HugeFixtures.gifScreen(side: 10000) }, nil),
    ]

    func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }

    @Test(arguments: 0..<files.count)
    func aHugePhotoStaysWithinTheBudget(index: Int) throws {
        let (name, make, refusal) = Self.files[index]
        let path = ImageFixtures.write(make(), "huge-\(getpid())-\(name)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Binary.run(["bench", "--decode", path, "--json"], env: ["LUMEN_DECODE_TIMEOUT": "20"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let app = json?["peak_memory_bytes"] as? Int ?? .max, worker = json?["worker_peak_memory_bytes"] as? Int ?? .max
        #expect(worker > 0 && app + worker < Self.budget, "\(name): app \(app >> 20) MB + worker \(worker >> 20) MB")
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("lumen: /") }
        if let refusal {
            #expect(lines.map { $0.hasSuffix(refusal) } == [true], "\(name): \(lines)")
        } else {
            #expect(lines.isEmpty && json?["failures"] as? Int == 0, "\(name) decodes: \(run.stderr)")
        }
    }

    /// What cannot be decoded in parts is refused from its header, before any pixel: a HEIC
    /// coded whole whose decode would take more than a photo may use, and a BMP or QOI (which
    /// SDL2_image holds twice) over 24 megapixels.
    @Test func whatCannotBeDecodedInPartsIsRefusedFirst() throws {
        let heic = try #require(FormatFixtures.heifBomb(codec: 1, width: 8000, height: 6000))
        let why = ImageDecoder.decode(bytes: heic).failureReason
        #expect(why?.hasSuffix("8000×6000 needs about 240 MB to decode whole (libheif cannot decode it in parts), over the 200 MB one photo may use") == true,
                "\(why ?? "decoded")")
        let qoi = FormatFixtures.qoiHeader(width: 6000, height: 5000) + [UInt8](repeating: 0xFE, count: 600_000) + [0, 0, 0, 0, 0, 0, 0, 1]
        #expect(ImageDecoder.decode(bytes: qoi).failureReason == "6000×5000 exceeds the 24-megapixel limit for QOI")
    }

    /// What the scaled decodes show: the pattern, at the photo's aspect, within the pixel cap.
    @Test func theScaledDecodesShowThePicture() throws {
        // 30 megapixels: past the 64 MB a decoder holds whole, so decoded in rows or bands.
        for (name, bytes) in [("png", HugeFixtures.png(6000, 5000, interlaced: false)),
                              ("interlaced png", HugeFixtures.png(6000, 5000, interlaced: true)),
                              ("tiled tiff", HugeFixtures.tiff(6000, 5000, tile: 512))] {
            let decoded = try ImageDecoder.decode(bytes: bytes).get()
            let aspect = Double(decoded.width) / Double(decoded.height)
            #expect(abs(aspect - 1.2) < 0.01 && decoded.width * decoded.height <= ImageDecoder.defaultMaxPixels,
                    "\(name): \(decoded.width)×\(decoded.height)")
            let (w, h) = (decoded.width, decoded.height)
            for (u, v) in [(0.1, 0.1), (0.5, 0.5), (0.9, 0.2), (0.3, 0.85)] {
                let x = Int(u * Double(w)), y = Int(v * Double(h))
                let got = rgb(decoded[x, y]), want = HugeFixtures.color(x, y, w, h)
                #expect(abs(got.0 - want.0) <= 3 && abs(got.1 - want.1) <= 3 && abs(got.2 - want.2) <= 2, "\(name) at (\(u), \(v)): \(got) vs \(want)")
            }
        }
        // The GIF's and the WebP's first frames sit in the top-left corner of a clear screen.
        for (name, bytes) in [("gif", HugeFixtures.gifScreen(side: 10000)), ("webp", HostileFixtures.animatedWebPCanvas(side: 10000))] {
            let decoded = try ImageDecoder.decode(bytes: bytes).get()
            #expect(decoded.width == decoded.height && decoded.width <= 4096, "\(name): \(decoded.width)×\(decoded.height)")
            #expect(decoded[1, 1] >> 24 == 0xFF && decoded[decoded.width / 2, decoded.height / 2] == 0, "\(name): the frame, then clear")
        }
    }
}

extension Result where Failure == ImageDecoder.Failure {
    /// The reason of a failure, nil for a success.
    var failureReason: String? { if case .failure(let f) = self { return f.reason } else { return nil } }
}
