import Foundation
import Geometry
import Glibc
import LumenTestSupport
import Testing
import DecodeWorkers
import Imaging
import Pixels

/// The whole format corpus decoded by the real sandboxed worker (the `lumen` binary started as
/// the app starts it) and in this process: the same pixels, byte for byte, for every format and
/// feature the user guide lists, whole, as a thumbnail and for a box. A format or feature that
/// decodes in the app but not in the worker (a library that opens a file or makes a system call
/// the sandbox stops) fails here, with the worker's reason.
@Suite("Decoder workers: every format and feature, the same pixels as in the app", .serialized)
struct WorkerCorpusTests {
    static let jobs: [(String, DecodeJob)] = [
        ("whole", DecodeJob()),
        ("thumbnail", DecodeJob(width: 20)),
        ("box", DecodeJob(box: Size(width: 30, height: 30), mode: .fill)),
    ]

    /// The corpus written to a fresh folder: (name, path).
    func written() throws -> [(String, String)] {
        let dir = ImageFixtures.path("worker-corpus-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return FormatCorpus.all().map { photo in
            let path = "\(dir)/\(photo.name)"
            _ = FileManager.default.createFile(atPath: path, contents: Data(photo.bytes))
            return (photo.name, path)
        }
    }

    /// Nil when the two are the same bytes, else where they first differ.
    func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> String? {
        guard a.width == b.width, a.height == b.height else { return "\(a.width)×\(a.height) against \(b.width)×\(b.height)" }
        var differing = 0, first: String?
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                differing += 1
                if first == nil { first = "(\(x), \(y)) \(String(a[x, y], radix: 16)) against \(String(b[x, y], radix: 16))" }
            }
        }
        return first.map { "\(differing) pixels differ, first \($0)" }
    }

    @Test func theCorpusHoldsEveryFormatAndFeature() {
        let names = FormatCorpus.all().map(\.name)
        for needed in ["jpeg", "png-rgba", "png-interlaced", "gif-animated", "webp", "webp-animated", "tiff", "bigtiff", "bmp", "qoi",
                       "heic", "avif", "heic-grid", "avif-grid", "heic-nclx-p3", "avif-nclx-p3", "jpeg-cmyk", "jpeg-cmyk-adobe",
                       "png-16-bit", "png-gray", "png-gray-alpha", "png-alpha", "webp-alpha", "jpeg-orientation-8"] {
            #expect(names.contains(needed), "\(needed) in the corpus")
        }
        for profile in ["display-p3", "adobe-rgb", "prophoto"] {
            for format in ["jpeg", "png", "webp", "tiff", "heic", "avif"] {
                #expect(names.contains("\(format)-\(profile)"), "\(format) with the \(profile) profile (colord-data installed?)")
            }
        }
        for grid in FormatCorpus.all() where grid.name.hasSuffix("-grid") {
            #expect(FormatCorpus.isGrid(grid.bytes), "\(grid.name) is a HEIF grid")
        }
    }

    @Test func theWorkerDecodesEveryPhotoAsTheAppDoes() throws {
        let pool = DecoderPool(settings: .init(workers: 2, deadline: 20), executable: Binary.url.path)
        let log = Lines()
        pool.log = { line in log.add(line) }
        let photos = try written()
        #expect(photos.count >= 80)
        for (name, path) in photos {
            for (kind, job) in Self.jobs {
                let app = InProcessDecoding().decode(path: path, job: job, thumbnails: nil)
                let worker = pool.decode(path: path, job: job, thumbnails: nil)
                switch (app, worker) {
                case (.success(let a), .success(let w)):
                    let difference = difference(a.pixels, w.pixels)
                    #expect(difference == nil, "\(name) \(kind), the app's against the worker's: \(difference ?? "")")
                case (.success, .failure(let why)):
                    Issue.record("\(name) \(kind): decodes in the app but not in the worker: \(why.reason)")
                case (.failure(let why), _):
                    Issue.record("\(name) \(kind): does not decode in the app: \(why.reason)")
                }
            }
        }
        pool.shutDown()
        #expect(log.all.isEmpty, "the workers started and entered their sandbox: \(log.all)")
    }
}

/// Lines a pool logs, from any thread.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
