import CTestEncoders
import Foundation
import LumenTestSupport
import Testing
import Recording
import Pixels

/// The recording module without a window: formats by extension, the quality mapping, and the
/// live recording's own decisions.
@Suite("Recording, in process")
struct RecordingUnitTests {
    @Test func theFormatComesFromTheExtension() throws {
        #expect(try RecordingFormat(path: "clip.GIF") == .gif)
        #expect(try RecordingFormat(path: "out/clip.mp4") == .mp4)
        #expect(try RecordingFormat(path: "a.webp") == .webp)
        #expect(try RecordingFormat(path: "frames") == .pngFrames)
        #expect(try RecordingFormat(path: "v1.2/frames") == .pngFrames, "a dot in a folder above is not an extension")
        #expect(try RecordingFormat(path: ".frames") == .pngFrames, "a hidden folder")
        #expect(try RecordingFormat(path: "takes.v2/") == .pngFrames, "a folder, said by its slash")
        let there = NSTemporaryDirectory() + "lumen-takes-\(getpid()).v2"
        try FileManager.default.createDirectory(atPath: there, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: there) }
        #expect(try RecordingFormat(path: there) == .pngFrames, "a folder that is there")
        #expect(throws: RecordingError.badPath("--out: cannot record to '.avi' (a FOLDER for numbered PNGs, or FILE.webp, FILE.gif or FILE.mp4)")) {
            try RecordingFormat(path: "clip.avi")
        }
        #expect(throws: RecordingError.self) { try RecordingFormat(path: "clip.pngframes") }
    }

    /// x264's CRF = 51 − 0.4 · quality, rounded.
    @Test func qualityMapsToCRF() {
        #expect(RecordingQuality.crf(80) == 19)
        #expect(RecordingQuality.crf(100) == 11)
        #expect(RecordingQuality.crf(0) == 51)
        #expect(RecordingQuality.crf(150) == 11 && RecordingQuality.crf(-5) == 51)
    }

    static func waitForOutcome(_ r: LiveRecording) async throws -> LiveRecording.Outcome {
        for _ in 0..<500 {
            if let o = r.takeOutcome() { return o }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw RecordingError.failed("no outcome in 10 s")
    }

    /// A window resized while it records: what was recorded is saved and the recording ends,
    /// saying why; frames after that are refused.
    @Test func aResizedWindowEndsTheRecordingAndKeepsWhatItHas() async throws {
        let path = ImageFixtures.path("live-resized.mp4")
        try? FileManager.default.removeItem(atPath: path)
        let r = try LiveRecording(path: path, fps: 60)
        for i in 0..<10 { #expect(r.add(PixelBuffer(width: 64, height: 48, fill: 0xFF00_0000 | UInt32(i * 20)), at: Double(i) / 60)) }
        r.add(PixelBuffer(width: 80, height: 48), at: 10.0 / 60)
        let outcome = try await Self.waitForOutcome(r)
        guard case .saved(let saved, let frames, _, let dropped, _, let reason) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(saved == path && frames == 10 && dropped == 0)
        #expect(reason == "the window changed size")
        #expect(!r.isRecording && !r.add(PixelBuffer(width: 64, height: 48), at: 1))
        var codec = [CChar](repeating: 0, count: 32), pix = [CChar](repeating: 0, count: 32)
        var w: Int32 = 0, h: Int32 = 0, n: Int32 = 0, seconds = 0.0, fps = 0.0
        var pts = [Int64](repeating: 0, count: 64)
        #expect(lumen_test_mp4_read(path, &codec, &w, &h, &n, &seconds, &pix, &fps, &pts, 64) != 0)
        #expect(n == 10 && w == 64 && h == 48, "\(n) frames of \(w) x \(h)")
        #expect(Array(pts.prefix(10)) == (0..<10).map { Int64((Double($0) * 1000 / 60).rounded()) })
    }

    /// Stopped with nothing shown: no file, and the reason.
    @Test func aRecordingWithoutFramesSaysSoAndLeavesNothing() async throws {
        let path = ImageFixtures.path("live-empty.mp4")
        let r = try LiveRecording(path: path, fps: 60)
        r.stop(at: 1)
        #expect(try await Self.waitForOutcome(r) == .failed("no frames were recorded"))
        #expect(!FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: path + ".part"))
    }

    /// Stopped (the `r` key: not waiting), then stopped again waiting (quitting): the second
    /// waits for the file the first began to finish, so the outcome is there and no `.part`.
    @Test func quittingRightAfterAStopWaitsForTheFile() throws {
        let path = ImageFixtures.path("live-stopped-twice.mp4")
        try? FileManager.default.removeItem(atPath: path)
        let r = try LiveRecording(path: path, fps: 60)
        for i in 0..<30 { r.add(PixelBuffer(width: 640, height: 400, fill: 0xFF00_0000 | UInt32(i * 8)), at: Double(i) / 60) }
        r.stop(at: 0.5)
        r.stop(at: 0.5, wait: true)
        guard case .saved(_, let frames, _, _, _, _)? = r.takeOutcome() else {
            Issue.record("the file was not written when the waiting stop returned")
            return
        }
        #expect(frames == 30)
        #expect(FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: path + ".part"))
    }

    /// A recording that ended by itself (here a resized window) and is then stopped waiting
    /// (quitting before its outcome was taken): the wait ends, on the file already saved.
    @Test func quittingAfterTheRecordingEndedItselfDoesNotWait() throws {
        let path = ImageFixtures.path("live-ended-then-quit.mp4")
        try? FileManager.default.removeItem(atPath: path)
        let r = try LiveRecording(path: path, fps: 60)
        for i in 0..<5 { r.add(PixelBuffer(width: 64, height: 48, fill: 0xFF00_0000 | UInt32(i * 40)), at: Double(i) / 60) }
        r.add(PixelBuffer(width: 80, height: 48), at: 5.0 / 60)
        let deadline = Date().addingTimeInterval(30)
        while r.isRecording && Date() < deadline { usleep(5_000) }
        #expect(!r.isRecording, "the resized frame ended the recording")
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread { r.stop(at: 1, wait: true); returned.signal() }
        #expect(returned.wait(timeout: .now() + 60) == .success, "stop(wait:) still waiting after 60 s")
        guard case .saved(_, let frames, _, _, _, let reason)? = r.takeOutcome() else {
            Issue.record("no saved outcome")
            return
        }
        #expect(frames == 5 && reason == "the window changed size")
    }

    /// The encoder's thread is an ordinary one at nice 10 (policy 0, SCHED_OTHER), not
    /// SCHED_IDLE, which a few busy processes starve: a recording finished on quit then
    /// waited minutes. Read from the kernel's own account of the thread.
    @Test func theEncoderRunsAtANiceValueThatABusyMachineCannotStarve() throws {
        let r = try LiveRecording(path: ImageFixtures.path("live-nice.mp4"), fps: 60)
        defer { r.stop(at: 1, wait: true) }
        var fields: [Substring] = []
        let deadline = Date().addingTimeInterval(30)
        while fields.isEmpty && Date() < deadline {
            for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            where (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) == "lumen-encoder\n" {
                // Nice is field 19, policy field 41.
                fields = ProcessDeadline.statFields("/proc/self/task/\(task)/stat") ?? []
            }
            if fields.isEmpty { usleep(5_000) }
        }
        try #require(fields.count > 38, "no lumen-encoder thread")
        #expect(fields[19 - 3] == "10", "nice \(fields[19 - 3])")
        #expect(fields[41 - 3] == "0", "policy \(fields[41 - 3])")
        // Only the encoder's thread: the process's main thread and the calling one keep theirs.
        #expect(try #require(ProcessDeadline.statFields("/proc/self/task/\(getpid())/stat"))[19 - 3] == "0")
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == 0)
    }
}
