import CTestEncoders
import Foundation
import LumenTestSupport
import Render
import Testing

/// `lumen record` to GIF and MP4, read back the way players read them (giflib, libavformat);
/// the window recording its presented frames; bad paths and a full disk.
@Suite("Recordings people can post", .serialized)
struct RecordingTests {
    static func folder(_ name: String) -> String {
        let dir = ImageFixtures.path("recordings/" + name)
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    struct GIF { var width = 0, height = 0, frames = 0, delays: [Int] = [], loops = false, pixels: [UInt32] = [] }
    static func readGIF(_ path: String, frame: Int = -1) -> GIF? {
        var g = GIF()
        var w: Int32 = 0, h: Int32 = 0, n: Int32 = 0, loop: Int32 = 0
        var delays = [Int32](repeating: 0, count: 2000)
        guard lumen_test_gif_read(path, &w, &h, &n, &delays, 2000, &loop, -1, nil) != 0 else { return nil }
        g.width = Int(w); g.height = Int(h); g.frames = Int(n); g.loops = loop != 0
        g.delays = delays.prefix(Int(n)).map(Int.init)
        if frame >= 0 {
            g.pixels = [UInt32](repeating: 0, count: g.width * g.height)
            _ = lumen_test_gif_read(path, &w, &h, &n, &delays, 2000, &loop, Int32(frame), &g.pixels)
        }
        return g
    }

    struct MP4 { var codec = "", width = 0, height = 0, frames = 0, seconds = 0.0, pixelFormat = "", fps = 0.0, pts: [Int64] = [] }
    static func readMP4(_ path: String) -> MP4? {
        var codec = [CChar](repeating: 0, count: 32), pix = [CChar](repeating: 0, count: 32)
        var w: Int32 = 0, h: Int32 = 0, n: Int32 = 0, seconds = 0.0, fps = 0.0
        var pts = [Int64](repeating: 0, count: 20_000)
        guard lumen_test_mp4_read(path, &codec, &w, &h, &n, &seconds, &pix, &fps, &pts, 20_000) != 0 else { return nil }
        let text = { (c: [CChar]) in String(decoding: c.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return MP4(codec: text(codec), width: Int(w), height: Int(h), frames: Int(n), seconds: seconds,
                   pixelFormat: text(pix), fps: fps, pts: Array(pts.prefix(Int(n))))
    }

    static let hero = ["record", "--scene", "hero", "--size", "320x200", "--duration", "1", "--fps", "30"]

    /// Looping, delays adding up to the duration, and each frame what the PNG recording of the
    /// same moment shows, within the palette's error.
    @Test func gifHasTheFramesDelaysAndPixelsOfThePNGRecording() throws {
        let dir = Self.folder("gif")
        let r = try Binary.run(Self.hero + ["--out", dir + "/hero.gif"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Binary.run(Self.hero + ["--out", dir + "/frames"]).status == 0)
        let gif = try #require(Self.readGIF(dir + "/hero.gif"))
        #expect(gif.width == 320 && gif.height == 200 && gif.loops)
        #expect(gif.frames == 30, "the Ken Burns photo moves every frame: \(gif.frames)")
        #expect(gif.delays.reduce(0, +) == 100, "\(gif.delays)")
        #expect(gif.delays.allSatisfy { $0 == 3 || $0 == 4 }, "30 fps in centiseconds: \(gif.delays)")
        for k in [0, 14, 29] {
            let decoded = try #require(Self.readGIF(dir + "/hero.gif", frame: k))
            let start = gif.delays.prefix(k).reduce(0, +)
            let index = try #require((0..<30).first { Int((100 * Double($0) / 30).rounded()) == start })
            let png = try PNGFile.read(dir + String(format: "/frames/frame-%05d.png", index))
            var total = 0
            for y in 0..<200 {
                for x in 0..<320 {
                    let a = decoded.pixels[y * 320 + x], b = png[x, y]
                    for shift in [16, 8, 0] as [UInt32] { total += abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)) }
                }
            }
            let mean = Double(total) / Double(320 * 200 * 3)
            #expect(mean < 4, "frame \(k): mean difference \(mean) of 255")
        }
    }

    @Test func sameInputsGiveTheSameGIFAndMP4() throws {
        let dir = Self.folder("same")
        for name in ["a.gif", "b.gif", "a.mp4", "b.mp4"] {
            #expect(try Binary.run(Self.hero + ["--out", dir + "/" + name]).status == 0)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.gif")) == Data(contentsOf: URL(fileURLWithPath: dir + "/b.gif")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.mp4")) == Data(contentsOf: URL(fileURLWithPath: dir + "/b.mp4")))
    }

    /// Browsers play delays under 2 cs slowly: at 60 fps a GIF keeps at most 50 frames a second.
    @Test func gifAtSixtyFramesASecondKeepsDelaysOfTwoCentisecondsOrMore() throws {
        let dir = Self.folder("gif60")
        #expect(try Binary.run(["record", "--scene", "hero", "--size", "160x100", "--duration", "1", "--fps", "60",
                                "--out", dir + "/hero.gif"]).status == 0)
        let gif = try #require(Self.readGIF(dir + "/hero.gif"))
        #expect(gif.delays.allSatisfy { $0 >= 2 } && gif.delays.reduce(0, +) == 100, "\(gif.delays)")
        #expect(gif.frames >= 40 && gif.frames <= 50, "\(gif.frames)")
    }

    /// H.264, yuv420p, even sizes (an odd size loses a column and a row), the given rate.
    @Test func mp4IsH264InYUV420AtTheGivenRate() throws {
        let dir = Self.folder("mp4")
        let r = try Binary.run(["record", "--scene", "hero", "--size", "321x201", "--duration", "1", "--fps", "30",
                                "--out", dir + "/hero.mp4"])
        #expect(r.status == 0, "\(r.stderr)")
        let mp4 = try #require(Self.readMP4(dir + "/hero.mp4"))
        #expect(mp4.codec == "h264" && mp4.pixelFormat == "yuv420p")
        #expect(mp4.width == 320 && mp4.height == 200)
        #expect(mp4.frames == 30 && abs(mp4.fps - 30) < 0.01)
        #expect(abs(mp4.seconds - 1) < 0.01, "\(mp4.seconds)")
        #expect(mp4.pts == (0..<30).map { Int64((Double($0) * 1000 / 30).rounded()) }, "\(mp4.pts)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/hero.mp4.part"))
        // A lower quality is a smaller file.
        #expect(try Binary.run(Self.hero + ["--quality", "10", "--out", dir + "/low.mp4"]).status == 0)
        #expect(try Binary.run(Self.hero + ["--quality", "95", "--out", dir + "/high.mp4"]).status == 0)
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: dir + p)[.size] as? Int) ?? 0 }
        #expect(size("/low.mp4") * 3 < size("/high.mp4"), "\(size("/low.mp4")) vs \(size("/high.mp4"))")
    }

    /// FFmpeg (and the fifty libraries it needs) is loaded only to write an MP4: not to start,
    /// not for a GIF. The dynamic loader's own log says what it opened (`LD_DEBUG=files`, into
    /// files: `LD_DEBUG_OUTPUT`, one a process).
    @Test func ffmpegIsOpenedOnlyToWriteAnMP4() throws {
        let dir = Self.folder("dlopen")
        func opened(_ name: String, _ args: [String]) throws -> String {
            let r = try Binary.run(args, env: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": dir + "/" + name])
            #expect(r.status == 0, "\(args): \(r.stderr.suffix(300))")
            let logs = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(name + ".") }
            return try logs.map { try String(contentsOfFile: dir + "/" + $0, encoding: .utf8) }.joined()
        }
        let help = try opened("help", ["--help"])
        #expect(help.contains("file=libSDL2") && !help.contains("libavcodec"))
        #expect(!(try opened("gif", Self.hero + ["--duration", "0.2", "--out", dir + "/x.gif"])).contains("libavcodec"))
        #expect(try opened("mp4", Self.hero + ["--duration", "0.2", "--out", dir + "/x.mp4"]).contains("file=libavcodec.so"))
    }

    @Test func badPathsAndUnknownExtensionsExitTwoWithTheReason() throws {
        let dir = Self.folder("bad")
        try FileManager.default.createDirectory(atPath: dir + "/taken.gif", withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["--out", dir + "/clip.avi"], "cannot record to '.avi'"),
            (["--out", dir + "/taken.gif"], "is a folder"),
            (["--out", "/proc/lumen-none/clip.mp4"], "--out: cannot create /proc/lumen-none"),
            (["--out", dir + "/q.mp4", "--quality", "101"], "--quality must be from 0 to 100"),
        ]
        for (args, message) in cases {
            let r = try Binary.run(Self.hero + args)
            #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        }
    }

    /// Runs the binary in a mount namespace of its own with a 160 KB tmpfs at `mount`.
    static func withFullDisk(_ mount: String, _ args: [String], env: [String: String] = [:], size: String = "160k") throws -> Binary.Run {
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let quoted = ([Binary.url.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let r = try ProgramOutput.capture("/usr/bin/unshare", ["-m", "sh", "-c",
            "mount -t tmpfs -o size=\(size) lumen-test '\(mount)' && \(quoted); s=$?; ls -A '\(mount)' >&2; exit $s"], environment: env)
        return Binary.Run(status: r.status, stdout: "", stderr: r.stderr)
    }

    /// A full disk fails the recording with one line; no partial file is left.
    @Test func aFullDiskFailsTheRecordingAndLeavesNothing() throws {
        let mount = ImageFixtures.path("recordings/full")
        for name in ["hero.mp4", "hero.gif"] {
            let r = try Self.withFullDisk(mount, ["record", "--scene", "hero", "--size", "640x400", "--duration", "2", "--out", mount + "/" + name])
            #expect(r.status == 1, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("No space left on device"), "\(name): \(r.stderr)")
            let listing = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("lumen:") }
            #expect(listing.isEmpty, "\(name): left behind \(listing)")
        }
    }

    /// `r` starts and stops recording the live window: the MP4 has exactly the frames the
    /// trace says were presented while it recorded, each at the time it was shown.
    @Test func theWindowRecordsThePresentedFrames() throws {
        let dir = Self.folder("window")
        try FileManager.default.createDirectory(atPath: dir + "/Videos", withIntermediateDirectories: true)
        try "XDG_VIDEOS_DIR=\"\(dir)/Videos\"\n".write(toFile: dir + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        // The script ends the run: its steps count from the first frame shown, which a loaded
        // machine may show late; --exit-after (from the start) is only a safety.
        try "at 400 key r\nat 700 wheel 0 -3\nat 1100 wheel 0 -3\nat 2200 key r\nat 2600 quit\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let r = try Binary.run(["--scene", "gallery", "--size", "640x400", "--script", dir + "/script", "--exit-after", "20",
                                "--trace", dir + "/trace.csv"], env: ["XDG_CONFIG_HOME": dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("recording saved to \(dir)/Videos/Lumen gallery "), "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/Videos")
        #expect(files.count == 1 && files[0].hasSuffix(".mp4"), "\(files)")
        let mp4 = try #require(Self.readMP4(dir + "/Videos/" + files[0]))
        let trace = try TraceFile(path: dir + "/trace.csv")
        let rows = zip(trace.column("recorded"), zip(trace.column("shown_ms"), trace.column("scroll"))).filter { $0.0 == "1" }.map(\.1)
        let recorded = rows.compactMap { Double($0.0) }
        // Two wheel bursts while recording: the recorded frames show the scroll move (how many
        // frames that takes depends on the machine's load, so only the motion is required).
        let offsets = Set(rows.map(\.1))
        #expect(recorded.count >= 2 && offsets.count >= 2, "the scroll was recorded: \(recorded.count) frames, offsets \(offsets.sorted())")
        #expect(mp4.frames == recorded.count, "\(mp4.frames) in the file, \(recorded.count) presented")
        let shown = recorded.map { Int64(($0 - recorded[0]).rounded()) }
        let offBy = zip(mp4.pts, shown).map { abs($0 - $1) }.max() ?? 0
        #expect(offBy <= 1, "each frame at its presented time: \(mp4.pts.prefix(8)) vs \(shown.prefix(8))")
        #expect(mp4.codec == "h264" && mp4.width == 640 && mp4.height == 400)
    }

    /// A full disk while the window records: one line, the recording stops, the window goes on.
    @Test func aFullDiskStopsTheWindowsRecordingAndTheWindowGoesOn() throws {
        let dir = Self.folder("window-full")
        let mount = dir + "/Videos"
        try "XDG_VIDEOS_DIR=\"\(mount)\"\n".write(toFile: dir + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        try "at 300 key r\nat 500 wheel 0 -5\nat 2500 key q\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        // A disk of 16 KB: the first frames fill it, however few a loaded machine encodes.
        let r = try Self.withFullDisk(mount, ["--scene", "hero", "--size", "640x400", "--script", dir + "/script", "--exit-after", "6"],
                                      env: ["XDG_CONFIG_HOME": dir], size: "16k")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("recording stopped: cannot write the MP4: No space left on device; the window goes on"), "\(r.stderr)")
        let listing = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("lumen:") }
        #expect(listing.isEmpty, "left behind \(listing)")
    }
}
