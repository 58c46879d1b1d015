import Foundation
import Geometry
import RenderGL
import Testing
@testable import App

/// `lumen bench --json` and `bench --decode --json` print JSON that a script can read whatever
/// the names in it hold: a scene's (an app's own scenes may be named anyhow), the renderer's
/// (it comes from the driver) and the profile's labels.
@Suite("Benchmark reports as JSON")
struct BenchJSONTests {
    static let awkward = "a \"quoted\" \\ back\\slash\nnew line\ttab \u{1}\u{7}\u{1F} é ✓ </script>"

    static func object(_ json: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not a JSON object: \(json)")
    }

    @Test func namesWithQuotesBackslashesAndControlCharactersStayValidJSON() throws {
        var report = Bench.Report(scene: Self.awkward, size: Size(width: 640, height: 400), scale: 2, frames: 3)
        report.renderer = "gl: \"Mesa\" \\ llvmpipe\u{0}\u{8}"
        report.presentPath = "texture on \"opengl\"\r\n"
        report.layout = [1, 2, 3]; report.render = [4, 5, 6]; report.total = [5, 7, 9]; report.present = [0.5]
        report.profile = [GPUProfileEntry(label: "CPU \"blur\" \\ pass\u{2}", count: 3, pixels: 2_000_000, milliseconds: 1.5)]
        report.profiledFrames = 3
        let json = report.json()
        #expect(!json.contains("\n") && !json.unicodeScalars.contains { $0.value < 0x20 }, "one line, control characters escaped")
        let o = try Self.object(json)
        #expect(o["scene"] as? String == Self.awkward)
        #expect(o["renderer"] as? String == report.renderer)
        #expect(o["present_path"] as? String == report.presentPath)
        let profile = try #require(o["gpu_profile"] as? [[String: Any]])
        #expect(profile.first?["label"] as? String == report.profile[0].label)
        #expect((o["frame_ms"] as? [String: Any])?["median"] as? Double == 7)
        #expect(o["width"] as? Int == 640 && o["frames"] as? Int == 3 && o["render_gpu_ms"] == nil)
    }

    @Test func theDecodeReportIsValidJSON() throws {
        let report = DecodeBench.Report(photos: 4, failures: 1, width: 512, cores: 2, seconds: 2, perPhoto: [10, 20, 30, 40],
                                        peakBytes: 1000, workerPeakBytes: nil)
        let o = try Self.object(report.json())
        #expect(o["photos"] as? Int == 4 && o["photos_per_second"] as? Double == 2 && o["worker_peak_memory_bytes"] as? Int == 0)
        #expect((o["per_photo_ms"] as? [String: Any])?["median"] as? Double != nil)
    }
}
