import Foundation
import Imaging
import LumenTestSupport
import Testing
import Pixels

@Suite("The command line, end to end", .serialized)
struct CommandLineEndToEndTests {
    @Test func curveCommandPrintsCsvAndRejectsBadSpecs() throws {
        let ok = try Binary.run(["curve", "spring(duration=0.5,bounce=0.3)", "--samples", "5"])
        #expect(ok.status == 0)
        #expect(ok.stdout.split(separator: "\n").count == 6)
        let d = try Binary.run(["curve", "linear", "--duration", "2", "--samples", "3"])
        #expect(d.stdout.contains("2.000000,1.000000,0.500000"))
        for args in [["curve", "wobble"], ["curve"], ["curve", "spring", "--duration", "1"], ["curve", "linear", "--samples", "1"]] {
            let r = try Binary.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func unknownSettingsAndBadValuesExitTwo() throws {
        for args in [["--scene", "hero", "--set", "zoom=abc"], ["--scene", "gradient", "--set", "bands=0"],
                     ["--scene", "spoiler", "--set", "amount=2"], ["--scene", "gallery", "--set", "blockSize=3"],
                     ["--scene", "hero", "--set", "from=middle"]] {
            let r = try Binary.run(args, env: ["SDL_VIDEODRIVER": "dummy"])
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
    }

    @Test func badImagePathsExitTwoWithTheReason() throws {
        let r = try Binary.run(["--scene", "gallery", "--images", "/no/such/folder"], env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2)
        #expect(r.stderr == "lumen: --images: /no/such/folder: no such file or folder\n", "\(r.stderr)")
    }

    @Test func benchDecodeReportsPhotosPerSecond() throws {
        let dir = ImageFixtures.path("decode-bench")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for i in 0..<4 {
            let jpeg = ImageFixtures.jpeg(640, 480, quality: 85) { x, y in (UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8(i * 40)) }
            #expect(FileManager.default.createFile(atPath: dir + "/p\(i).jpg", contents: Data(jpeg)))
        }
        let r = try Binary.run(["bench", "--decode", dir, "--width", "160", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try BenchJSONTests.object(r.stdout)
        #expect(o["photos"] as? Int == 4 && o["failures"] as? Int == 0 && o["width"] as? Int == 160, "\(r.stdout)")
        #expect(o["photos_per_second"] as? Double != nil)
    }

    /// One decode's peak memory stays within twice its output plus 64 MB, header bombs and a
    /// 12-megapixel photo alike (the process's own baseline included).
    @Test func decodingPeakMemoryIsBoundedByTheOutput() throws {
        let bombs: [(String, [UInt8])] = [
            ("bomb.png", FormatFixtures.pngBomb(width: 65535, height: 65535)),
            ("bomb.gif", FormatFixtures.gifBomb(width: 65535, height: 65535)),
            ("bomb.bmp", FormatFixtures.bmpHeader(width: 30000, height: 30000)),
            ("bomb.tif", FormatFixtures.tiffBomb(width: 65535, height: 65535)),
            ("bomb.webp", FormatFixtures.webpBomb(width: 16384, height: 16384)),
            ("bomb.jpg", FormatFixtures.jpegBomb(width: 65535, height: 65535)),
        ]
        for (name, bytes) in bombs {
            let r = try Binary.run(["bench", "--decode", ImageFixtures.write(bytes, name), "--json"])
            #expect(r.status == 0 && Self.number(r.stdout, "failures") == 1, "\(name): \(r.stdout) \(r.stderr)")
            let peak = Self.peak(r.stdout)
            #expect(peak < 64 << 20, "\(name): peak \(peak / 1_048_576) MB")
        }
        // A 4000 × 3000 photo to a 720-pixel thumbnail (720 × 540: 1.5 MB out).
        let b = PixelBuffer(width: 4000, height: 3000, fill: 0xFF30_6090)
        guard case .success(let jpeg) = JPEGEncoder.encode(b, quality: 85) else { Issue.record("encodes"); return }
        let r = try Binary.run(["bench", "--decode", ImageFixtures.write(jpeg, "twelve.jpg"), "--width", "720", "--json"])
        #expect(Self.number(r.stdout, "failures") == 0, "\(r.stdout)")
        #expect(Self.peak(r.stdout) < 2 * 720 * 540 * 4 + 64 << 20, "peak \(Self.peak(r.stdout) / 1_048_576) MB")
    }

    static func peak(_ json: String) -> Int { number(json, "peak_memory_bytes") ?? Int.max }

    /// A whole number in the JSON object `json`, or nil.
    static func number(_ json: String, _ key: String) -> Int? { (try? BenchJSONTests.object(json))?[key] as? Int }
}
