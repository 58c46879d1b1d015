import Foundation
import Geometry
import Imaging
import LumenTestSupport
import Synchronization
import Testing
import Video

/// Videos through the sandboxed worker, as a kiosk plays them: every frame shown at its time,
/// and hostile files refused within the photos' limits (5 s), with the app unharmed.
@Suite struct VideoWorkerTests {
    final class Woken: Sendable { let count = Mutex(0) }

    func player(_ path: String, size: Size = Size(width: 320, height: 180), loops: Bool = false) -> VideoPlayer {
        VideoPlayer(path: path, executable: Binary.url.path, size: size, loops: loops, sound: nil, wake: nil)
    }

    /// Waits (at most `seconds`) until `done`, calling `step` between looks.
    func wait(_ seconds: Double, until done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if done() { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return done()
    }

    /// The colour at the bottom middle of the frame on screen (below the moving bar).
    func colour(_ p: VideoPlayer) -> (Int, Int, Int)? {
        guard let px = p.asset.peekPixels else { return nil }
        let v = px.pixels[(px.height * 3 / 4) * px.stride + px.width / 2]
        return (Int(v >> 16 & 255), Int(v >> 8 & 255), Int(v & 255))
    }

    func near(_ c: (Int, Int, Int)?, _ rgb: UInt32, within: Int = 12) -> Bool {
        guard let c else { return false }
        return abs(c.0 - Int(rgb >> 16 & 255)) <= within && abs(c.1 - Int(rgb >> 8 & 255)) <= within && abs(c.2 - Int(rgb & 255)) <= within
    }

    @Test func everyFrameShowsAtItsOwnTimeOnASixtyHertzDisplay() throws {
        let path = TestVideos.make("thirty.mp4", fps: 30, frames: 45, rgb: 0xC83232)
        let p = player(path)
        defer { p.stop() }
        #expect(wait(5) { p.showFirstFrame() || p.state != .starting }, "\(p.state)")
        #expect(p.state == .ready && near(colour(p), 0xC83232), "\(p.state) \(String(describing: colour(p)))")
        #expect(p.framesPerSecond.map { abs($0 - 30) < 0.01 } == true, "\(String(describing: p.framesPerSecond))")
        #expect(p.length.map { abs($0 - 1.5) < 0.1 } == true, "\(String(describing: p.length))")
        // 60 display frames a second for 1.6 s: a frame due is waited for (the worker decodes
        // ahead, so it seldom is), as a display's frame would be late.
        for k in 0..<120 {
            let t = Double(k) / 60, due = min(Int(t * 30) + 1, 45)
            #expect(wait(2) { _ = p.show(at: t); return p.asset.frameNumber >= due || p.state == .ended }, "frame \(due) at \(t) s")
        }
        #expect(p.asset.frameNumber == 45, "every frame shown once: \(p.asset.frameNumber)")
        #expect(wait(5) { _ = p.show(at: 2); return p.state == .ended }, "after its last frame: \(p.state)")
        let lines = { p.stop(); return p.takeLogLines() }()
        #expect(lines.contains { $0.contains("45 frames shown, 0 late, 0 skipped") }, "\(lines)")
    }

    /// `"loop": true`: a 0.5-s video shown for 1.5 s plays three times, its times going on.
    @Test func aLoopingVideoStartsAgain() throws {
        let p = player(TestVideos.make("loop.mp4", frames: 15, rgb: 0x505050), loops: true)
        defer { p.stop() }
        #expect(wait(5) { p.showFirstFrame() || p.state != .starting }, "\(p.state)")
        for k in 0..<90 {
            let t = Double(k) / 60, due = Int(t * 30) + 1
            #expect(wait(2) { _ = p.show(at: t); return p.asset.frameNumber >= due }, "frame \(due) at \(t) s: \(p.asset.frameNumber)")
        }
        #expect(p.asset.frameNumber == 45 && p.state == .playing, "\(p.asset.frameNumber) frames, \(p.state)")
    }

    @Test func aVP9WebMAndAVideoWithSoundPlay() throws {
        for (name, codec, audio) in [("vp9.webm", "libvpx-vp9", false), ("sound.mp4", "libx264", true)] {
            let p = player(TestVideos.make(name, codec: codec, frames: 10, rgb: 0x3250C8, audio: audio))
            #expect(wait(5) { p.showFirstFrame() || p.state != .starting }, "\(name): \(p.state)")
            #expect(near(colour(p), 0x3250C8), "\(name): \(String(describing: colour(p)))")
            p.stop()
        }
    }

    /// The header of a 65,535 × 65,535 video, 100,000 packets that do not decode, a FIFO that
    /// never ends, random bytes and a file cut in the middle: each refused (or ended) within
    /// 5 s and a little, with one reason.
    @Test func hostileFilesAreRefusedWithinTheLimits() throws {
        let huge = ImageFixtures.write(Array("YUV4MPEG2 W65535 H65535 F30:1 Ip A1:1 C420jpeg\nFRAME\n".utf8) + [UInt8](repeating: 16, count: 4096), "huge.y4m")
        // Within what FFmpeg takes, over what Lumen plays.
        let large = ImageFixtures.write(Array("YUV4MPEG2 W12000 H9000 F30:1 Ip A1:1 C420jpeg\nFRAME\n".utf8) + [UInt8](repeating: 16, count: 4096), "large.y4m")
        let tiny = TestVideos.tinyPackets("tiny.mkv", count: 100_000)
        var generator = SystemRandomNumberGenerator()
        let noise = ImageFixtures.write((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }, "noise.mp4")
        let fifo = ImageFixtures.path("endless.ts")
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        // A writer that never stops (zeros, as fast as the worker reads); its write after the
        // worker is gone fails with EPIPE rather than ending the tests.
        signal(SIGPIPE, SIG_IGN)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            let zeros = [UInt8](repeating: 0, count: 65536)
            while fd >= 0, write(fd, zeros, zeros.count) > 0 {}
            close(fd)
        }
        writer.start()
        for (path, expected) in [(huge, ""), (large, "is over the 8192×4320"), (tiny, ""), (noise, ""), (fifo, "")] {
            let start = Date()
            let p = player(path)
            #expect(wait(8) { _ = p.showFirstFrame(); if case .failed = p.state { return true }; return false }, "\(path): \(p.state)")
            let took = Date().timeIntervalSince(start)
            #expect(took < 6.5, "\(path) refused after \(took) s")
            if case .failed(let why) = p.state { #expect(!why.isEmpty && (expected.isEmpty || why.contains(expected)), "\(why)") }
            p.stop()
        }
        // Cut in the middle: what is there plays, then it ends with a line that says so.
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestVideos.make("whole.mp4", frames: 60, rgb: 0x32C850)))
        let cut = ImageFixtures.write(Array(whole.prefix(whole.count / 2)), "cut.mp4")
        let p = player(cut)
        #expect(wait(5) { p.showFirstFrame() || p.state != .starting })
        var t = 0.0
        #expect(wait(8) { t += 1 / 30; _ = p.show(at: t); return p.state == .ended || { if case .failed = p.state { return true }; return false }() })
        #expect(p.asset.frameNumber > 5 && p.asset.frameNumber < 60, "\(p.asset.frameNumber) of 60 frames before the cut")
        let lines = p.takeLogLines()
        #expect(lines.contains { $0.contains("cut.mp4") }, "\(lines)")
        p.stop()
    }
}

/// A video worker taken over by its file answers what it likes: each such answer is refused
/// with its reason and costs the video, never the app. The "worker" here is a script that
/// speaks the protocol wrongly on purpose.
@Suite struct HostileVideoWorkerTests {
    /// A worker script that reads OPEN, then sends `replies` (Python expressions of bytes) and
    /// waits for the app to close.
    func worker(_ name: String, _ replies: [String], fd: Bool = false) throws -> String {
        let path = ImageFixtures.path("video-worker-\(name).py")
        let script = """
            #!/usr/bin/python3
            import array, os, socket, struct, time
            s = socket.socket(family=socket.AF_UNIX, type=socket.SOCK_SEQPACKET, fileno=3)
            msg, fds, _, _ = socket.recv_fds(s, 65536, 4)
            def info(w, h, sw, sh): return struct.pack('<IIIIIiiqII32s64s', 101, w, h, sw, sh, 30, 1, 1000000, 0, 0, b'h264', b'software')
            def frame(slot, pts): return struct.pack('<IIqI', 102, slot, pts, 0)
            for r in [\(replies.joined(separator: ", "))]:
                if \(fd ? "True" : "False"):
                    socket.send_fds(s, [r], [fds[0]])
                else:
                    s.send(r)
                time.sleep(0.05)
            while s.recv(65536): pass
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func refusal(_ executable: String) -> (String, Double) {
        let file = TestVideos.make("hostile-target.mp4", frames: 5, rgb: 0x808080)
        let start = Date()
        let p = VideoPlayer(path: file, executable: executable, size: Size(width: 320, height: 180), loops: false, sound: nil, wake: nil)
        defer { p.stop() }
        while Date().timeIntervalSince(start) < 8 {
            _ = p.showFirstFrame()
            _ = p.show(at: Date().timeIntervalSince(start))
            if case .failed(let why) = p.state { return (why, Date().timeIntervalSince(start)) }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return ("not refused: \(p.state)", 8)
    }

    @Test(arguments: [
        ("huge", ["info(320, 180, 100000, 100000)"], "source size 100000×100000 is over the 8192×4320"),
        ("larger-than-asked", ["info(4000, 180, 4000, 180)"], "size 4000×180 is not within the 320×180 asked for"),
        ("bad-slot", ["info(320, 180, 320, 180)", "frame(99, 0)"], "slot 99 of 6"),
        ("slot-twice", ["info(320, 180, 320, 180)", "frame(0, 0)", "frame(0, 33333)"], "slot 0 is the app's"),
        ("backwards", ["info(320, 180, 320, 180)", "frame(0, 1000)", "frame(1, 500)"], "time 500 µs after 1000 µs"),
        ("garbage", ["b'\\x07\\x00\\x00\\x00garbage'"], "unknown tag 7"),
        ("short", ["b'\\x65\\x00\\x00\\x00'"], "a reply (tag 101) of 4 bytes, not 140"),
        ("audio-unasked", ["info(320, 180, 320, 180)", "struct.pack('<IIq', 103, 4, 0) + b'abcd'"], "sound that was not asked for"),
        ("frame-first", ["frame(0, 0)"], "a frame out of turn"),
        ("silent", ["info(320, 180, 320, 180)"], "sent nothing in 5 s"),
    ])
    func anAnswerOutsideTheProtocolEndsTheVideoWithItsReason(name: String, replies: [String], reason: String) throws {
        let (why, took) = refusal(try worker(name, replies))
        #expect(why.contains(reason), "\(name): \(why)")
        #expect(took < 7, "\(name): \(took) s")
    }

    @Test func aDescriptorWithAReplyIsRefused() throws {
        let (why, _) = refusal(try worker("descriptor", ["info(320, 180, 320, 180)"], fd: true))
        #expect(why.contains("came with 1 descriptors"), "\(why)")
    }
}

/// A video's sound through SDL's audio, with SDL's disk driver standing in for a sound card:
/// what the kiosk plays is the file's 440-Hz tone; muted by default.
@Suite(.serialized) struct VideoSoundTests {
    func play(sound: Bool) throws -> (log: String, samples: [Int16]) {
        let video = TestVideos.make("tone.mp4", frames: 60, rgb: 0x808080, audio: true)
        let out = ImageFixtures.path("sound-\(sound).raw")
        try? FileManager.default.removeItem(atPath: out)
        let playlist = ImageFixtures.write(Array("""
            {"crossfade": 0, "hold": 0, "sound": \(sound), "entries": [{"video": "\(video)"}, {"scene": "swatches", "seconds": 1}]}
            """.utf8), "sound-\(sound).json")
        let r = try Binary.run(["--kiosk", "--playlist", playlist, "--exit-after", "2.5"],
                               env: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": out])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data()
        let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return (r.stderr, samples)
    }

    @Test func aPlaylistWithSoundPlaysTheVideosTone() throws {
        let (log, samples) = try play(sound: true)
        #expect(log.contains("sound: through SDL's disk driver"), "\(log)")
        // The left channel's loud part: a 440-Hz tone crosses zero 880 times a second.
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let start = left.firstIndex { abs(Int($0)) > 1000 } ?? left.count
        let end = (left.lastIndex { abs(Int($0)) > 1000 } ?? 0) + 1
        #expect(end - start > 48_000 / 2, "the tone played on (half a second at least; a loaded machine shows the first frame late): \(Double(end - start) / 48_000) s")
        let loud = left[start..<max(start, end)].prefix(48_000)
        let crossings = zip(loud, loud.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        let perSecond = Double(crossings) / (Double(loud.count) / 48_000)
        #expect(abs(perSecond - 880) < 30, "\(perSecond) zero crossings a second")
    }

    @Test func aKioskIsMutedUnlessThePlaylistSays() throws {
        let (log, samples) = try play(sound: false)
        #expect(!log.contains("sound:"), "\(log)")
        #expect(samples.allSatisfy { $0 == 0 }, "nothing but silence (or no device at all)")
    }
}

/// A video still being copied in (changed in the last 2 s) is left for its next turn, then played.
@Suite struct VideoArrivingTests {
    @Test func aFileStillArrivingIsPlayedOnItsNextTurn() throws {
        let video = ImageFixtures.path("arriving.mp4")
        try? FileManager.default.removeItem(atPath: video)
        try FileManager.default.copyItem(atPath: TestVideos.make("arriving-source.mp4", frames: 15, rgb: 0x808080), toPath: video)
        let playlist = ImageFixtures.write(Array("""
            {"crossfade": 0, "hold": 0, "entries": [{"video": "\(video)"}, {"scene": "swatches", "seconds": 2.5}]}
            """.utf8), "arriving.json")
        let kiosk = try RunningLumen(["--kiosk", "--playlist", playlist, "--exit-after", "120"], env: ["SDL_VIDEODRIVER": "dummy"],
                                     log: ImageFixtures.path("arriving.log"))
        // The copy goes on (the file changed just now, again and again) until Lumen says it
        // waits for it; then it is complete, and a later turn plays it.
        kiosk.wait(meanwhile: { utimes(video, nil) }) { $0.contains("still being copied in") }
        kiosk.wait(for: " frames shown")
        kiosk.stop()
        let lines = kiosk.log.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 1).last ?? "") }
        let waited = lines.firstIndex { $0.hasPrefix("lumen: video \(video): still being copied in; played once it is complete") }
        let played = lines.firstIndex { $0.hasPrefix("lumen: video arriving.mp4: ") && $0.contains(" frames shown") }
        #expect(waited != nil && played != nil && waited! < played!, "\(kiosk.log)")
    }
}

/// A video that cannot be played costs its turn, with one line, and the playlist goes on.
@Suite struct BrokenVideoEntryTests {
    @Test func aBrokenVideoIsSkippedWithOneLineAndTheLoopGoesOn() throws {
        var generator = SystemRandomNumberGenerator()
        let noise = ImageFixtures.write((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }, "broken-entry.mp4")
        TestVideos.settle(noise)
        let playlist = ImageFixtures.write(Array("""
            {"crossfade": 0, "hold": 0, "entries": [{"video": "\(noise)"}, {"scene": "swatches", "seconds": 1}]}
            """.utf8), "broken-entry.json")
        let r = try Binary.run(["--kiosk", "--playlist", playlist, "--exit-after", "3.5"], env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 1).last ?? "") }
        let refused = lines.filter { $0.hasPrefix("lumen: video \(noise): not a video FFmpeg reads") && $0.hasSuffix("; skipped") }
        // Tried once; the next turns pass over the file that failed (until it changes), once said.
        #expect(refused.count == 1, "\(r.stderr)")
        #expect(lines.filter { $0.hasPrefix("lumen: playlist entry 1: no video to play") }.count == 1, "\(r.stderr)")
        #expect(lines.filter { $0 == "lumen: playlist entry 2 of 2: swatches for 1 s" }.count >= 3, "the loop goes on: \(r.stderr)")
    }
}
