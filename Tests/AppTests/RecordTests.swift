import Foundation
import Imaging
import LumenTestSupport
import Testing

@Suite("lumen record", .serialized)
struct RecordTests {
    func record(_ out: String, scene: String = "hero", extra: [String] = []) throws -> Binary.Run {
        try? FileManager.default.removeItem(atPath: out)
        return try Binary.run(["record", "--scene", scene, "--size", "320x200", "--duration", "1", "--fps", "10", "--out", out] + extra)
    }

    @Test func aFolderOfNumberedFramesTheSameEachRun() throws {
        let a = ImageFixtures.path("record-a"), b = ImageFixtures.path("record-b")
        for out in [a, b] {
            let r = try record(out)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("recorded 10 frames"))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
        #expect(files == (0..<10).map { String(format: "frame-%05d.png", $0) })
        for f in files {
            #expect(FileManager.default.contents(atPath: a + "/" + f) == FileManager.default.contents(atPath: b + "/" + f), "\(f) identical")
        }
        #expect(FileManager.default.contents(atPath: a + "/" + files[0]) != FileManager.default.contents(atPath: a + "/" + files[9]),
                "the Ken Burns hero moves between the first and the last frame")
    }

    @Test func anAnimatedWebPWithItsFramesAndDelays() throws {
        let a = ImageFixtures.path("record/a.webp"), b = ImageFixtures.path("record/b.webp")
        for out in [a, b] { #expect(try record(out).status == 0) }
        let bytes = try #require(FileManager.default.contents(atPath: a))
        #expect(bytes == FileManager.default.contents(atPath: b), "two runs, the same bytes")
        let info = try #require(WebPAnimationWriter.frames(of: Array(bytes)))
        #expect(info.count == 10 && info.durations == Array(repeating: 100, count: 10), "\(info)")
    }

    @Test(arguments: [[["--out", "x"], ["record needs --duration"]], [["--duration", "1"], ["record needs --out"]],
                      [["--duration", "1", "--fps", "0", "--out", "x"], ["--fps"]]])
    func badArgumentsExit2(_ case_: [[String]]) throws {
        let r = try Binary.run(["record", "--scene", "hero"] + case_[0])
        #expect(r.status == 2)
        #expect(r.stderr.contains(case_[1][0]), "\(r.stderr)")
    }
}
