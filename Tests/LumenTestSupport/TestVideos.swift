import CTestEncoders
import Foundation

/// Videos the tests make with FFmpeg's encoders (`lumen_test_video`), in the fixtures folder,
/// made once per name.
public enum TestVideos {
    /// A video of `frames` frames at `fps`, each the colour `rgb` (0xRRGGBB) with a white bar
    /// moving 8 pixels a frame across its top quarter.
    public static func make(_ name: String, codec: String = "libx264", width: Int = 320, height: Int = 180, fps: Int = 30,
                            frames: Int, rgb: UInt32, audio: Bool = false, indexInFront: Bool = true) -> String {
        let path = ImageFixtures.path(name)
        if !FileManager.default.fileExists(atPath: path) {
            let made = lumen_test_video(path, codec, Int32(width), Int32(height), Int32(fps), Int32(frames), rgb, audio ? 1 : 0, indexInFront ? 1 : 0)
            precondition(made == 0, "the test video \(name) could not be made")
            settle(path)
        }
        return path
    }

    /// Dates `path` a minute back, as a file copied in a while ago (a kiosk leaves a file
    /// changed in the last 2 s for its next turn: it may still be arriving).
    public static func settle(_ path: String) {
        var times = [timeval(tv_sec: time(nil) - 60, tv_usec: 0), timeval(tv_sec: time(nil) - 60, tv_usec: 0)]
        utimes(path, &times)
    }

    /// A Matroska file of `count` one-byte packets that do not decode.
    public static func tinyPackets(_ name: String, count: Int) -> String {
        let path = ImageFixtures.path(name)
        precondition(lumen_test_tiny_packets(path, Int32(count)) == 0)
        return path
    }
}
