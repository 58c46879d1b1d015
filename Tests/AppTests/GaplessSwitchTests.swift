import Foundation
import LumenTestSupport
import Testing

/// A kiosk's playlist switching photo → video → video → scene, counted from outside under Xvfb
/// (`scripts/switch-frames.sh`: X DAMAGE, and each redraw read back and named by its colour):
/// no frame between entries is black, empty, or the item before, with or without a cross-fade.
@Suite(.serialized) struct GaplessSwitchTests {
    struct Count: Decodable {
        var switches: Int
        var by_kind: [String: Int]
        var black: Int, empty: Int, back_to_previous: Int, out_of_order: Int
    }

    func count(crossfade: Double, switches: Int) throws -> Count {
        let red = TestVideos.make("switch-red.mp4", width: 640, height: 360, frames: 90, rgb: 0xC83232)
        let blue = TestVideos.make("switch-blue.mp4", width: 640, height: 360, fps: 25, frames: 75, rgb: 0x3250C8)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = try ProgramOutput.capture(root.appendingPathComponent("scripts/switch-frames.sh").path,
                                               [Binary.url.path, "240", String(crossfade), red, blue, "640x360", String(switches)]).stdout
        let line = output.split(separator: "\n").last { $0.hasPrefix("{") }
        return try JSONDecoder().decode(Count.self, from: Data((line ?? "").utf8))
    }

    @Test func twentyOneSwitchesWithoutACrossFadeShowNothingBetween() throws {
        let c = try count(crossfade: 0, switches: 21)
        #expect(c.switches >= 21, "\(c)")
        #expect(["scene>red", "red>blue", "blue>scene"].allSatisfy { (c.by_kind[$0] ?? 0) >= 6 }, "photo → video, video → video, video → scene: \(c.by_kind)")
        #expect(c.black == 0 && c.empty == 0, "\(c)")
        #expect(c.back_to_previous == 0 && c.out_of_order == 0, "\(c)")
    }

    /// Mid-fade frames are mixtures the counter cannot name; none is black or empty.
    @Test func withACrossFadeNoFrameIsBlackOrEmpty() throws {
        let c = try count(crossfade: 0.5, switches: 12)
        #expect(c.switches >= 12 && c.black == 0 && c.empty == 0, "\(c)")
    }
}
