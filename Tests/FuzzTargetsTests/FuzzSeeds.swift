import Foundation
@testable import DecodeWorkers
@testable import FuzzTargets
import Imaging
import LumenTestSupport
import Pixels

/// Each fuzz target's seed corpus, made by the tests' own encoders and examples: the format
/// corpus (every format and feature the user guide lists) and the decompression bombs the
/// limits refuse; FFmpeg-encoded videos; the kiosk guide's playlists; scripts of every command;
/// command lines of every option; thumbnails as the cache writes them; and the workers' honest
/// and hostile answers.
enum FuzzSeeds {
    static func seeds(for target: FuzzTarget) -> [(name: String, bytes: [UInt8])] {
        switch target {
        case .jpeg, .png, .gif, .webp, .tiff, .heif: photos(sniffedAs: target)
        case .header: photos().map { ($0.name, Array($0.bytes.prefix(4096))) }
        case .video: videos()
        case .playlist: playlists().enumerated().map { ("playlist-\($0.offset)", Array($0.element.utf8)) }
        case .script: scripts().enumerated().map { ("script-\($0.offset)", Array($0.element.utf8)) }
        case .commandLine: commandLines().enumerated().map { ("args-\($0.offset)", Array($0.element.joined(separator: "\0").utf8)) }
        case .thumbnail: thumbnails()
        case .photoReply: photoReplies()
        case .videoReply: videoReplies()
        }
    }

    // MARK: Photos

    static func photos(sniffedAs target: FuzzTarget? = nil) -> [(name: String, bytes: [UInt8])] {
        let bombs: [(String, [UInt8]?)] = [
            ("png-bomb", FormatFixtures.pngBomb(width: 30000, height: 30000)), ("gif-bomb", FormatFixtures.gifBomb(width: 60000, height: 60000)),
            ("webp-bomb", FormatFixtures.webpBomb(width: 16000, height: 16000)), ("tiff-bomb", FormatFixtures.tiffBomb(width: 40000, height: 40000)),
            ("jpeg-bomb", FormatFixtures.jpegBomb(width: 60000, height: 60000)), ("heic-bomb", FormatFixtures.heifBomb(codec: 1, width: 30000, height: 30000)),
            ("gif-huge-frame", HostileFixtures.gifHugeFrame()), ("webp-lossless-large", HostileFixtures.losslessWebP(side: 4000)),
        ]
        let all = FormatCorpus.all().map { ($0.name, $0.bytes) } + bombs.compactMap { n, b in b.map { (n, $0) } }
        guard let target else { return all }
        return all.filter { _, bytes in
            bytes.withUnsafeBytes { raw in
                switch ImageFormat.sniff(raw) {
                case .jpeg?: target == .jpeg
                case .png?: target == .png
                case .gif?: target == .gif
                case .webp?: target == .webp
                case .tiff?: target == .tiff
                case .heic?, .avif?: target == .heif
                default: false
                }
            }
        }
    }

    // MARK: Videos

    static func videos() -> [(name: String, bytes: [UInt8])] {
        let made = [("fuzz-h264.mp4", "libx264", false), ("fuzz-vp9.webm", "libvpx-vp9", false), ("fuzz-mpeg4.mkv", "mpeg4", false),
                    ("fuzz-h264.ts", "libx264", false), ("fuzz-sound.mp4", "libx264", true)]
            .map { name, codec, audio in (name, TestVideos.make(name, codec: codec, width: 32, height: 18, fps: 10, frames: 4, rgb: 0x3250C8, audio: audio)) }
        let paths = made + [("fuzz-tiny-packets.mkv", TestVideos.tinyPackets("fuzz-tiny-packets.mkv", count: 6))]
        return paths.map { name, path in (name, Array(FileManager.default.contents(atPath: path) ?? Data())) }
    }

    // MARK: Texts

    /// The kiosk guide's playlists (its ```json blocks), the one Lumen installs, and a few
    /// that use every key and each kind of schedule.
    static func playlists() -> [String] {
        let guide = (try? String(contentsOfFile: TestAssets.repository.appendingPathComponent("docs/kiosk.md").path, encoding: .utf8)) ?? ""
        let blocks = guide.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        let shipped = (try? String(contentsOfFile: TestAssets.repository.appendingPathComponent("packaging/kiosk-playlist.json").path, encoding: .utf8)) ?? ""
        return Array(blocks) + [shipped,
            #"{"crossfade": 0, "hold": 0, "sound": true, "screen-off": "mon-fri 22:00-07:00, sat,sun 23:30-08:00", "entries": [{"scene": "spoiler", "seconds": 12.5, "settings": {"blockSize": 16}}, {"scene": "transitions", "seconds": 1, "images": ["/a", "/b c/\u00e9t\u00e9 \ud83d\ude00"], "settings": {}}]}"#,
            #"{"entries": [{"video": ["/v/a.mp4", "/v/b"], "loop": true, "sound": false, "seconds": 60, "dates": {"from": "2026-02-28", "to": "2028-02-29"}, "from": "23:00", "to": "01:30"}, {"scene": "hero", "seconds": 5, "default": true}, {"video": "/v/e.mp4", "event": true, "days": ["sun"], "from": "00:00"}]}"#,
            #"[1, -0.5e2, 1E3, true, false, null, {"a": {"b": [[], {}]}}, "\"\\\/\b\f\n\r\t"]"#,
        ]
    }

    /// One script with every command, and the ones the tests play.
    static func scripts() -> [String] {
        ["""
         # every command
         at 0 mouse-move 10 10
         at 16 mouse-down 100.5 200
         at 33 mouse-up 100.5 260
         at 50 wheel 0 -3
         at 60 wheel-precise 1.25 -0.75
         at 70 finger-down 0 300 300
         at 80 finger-move 0 300 200
         at 90 finger-up 0 300 100
         at 100 key ctrl+alt+q
         at 110 key Shift+Tab
         at 120 key Page Down
         at 130 text héllo 😀
         at 140 drop /tmp/a.jpg /tmp/b c.png
         at 150 screenshot shot.png
         at 200 quit
         """,
         "at 200 mouse-down 10 20\nat 260 mouse-up 10 20",
         "at 0 key tab\nat 0 key space\n",
         "at 0 key ctrl+alt+q\nat 1 key Alt+Control+Q\nat 2 key shift+tab\nat 3 key +\nat 4 key ctrl++"]
    }

    /// Command lines of each command and option, `--set` values of each kind among them.
    static func commandLines() -> [[String]] {
        [["--scene", "gallery", "--set", "cornerRadius=30", "--set", "columns=3", "--size", "800x600", "--renderer", "gl"],
         ["--kiosk", "--display", "0", "--scene", "hero", "--display", "1", "--scene", "gallery", "--rotate", "90"],
         ["--kiosk", "--scene", "swatches", "--screen-off", "mon-fri 22:00-07:00", "--wake-for", "5m", "--idle", "0"],
         ["--scene", "curves", "--set", "curve=spring(response: 0.5, dampingFraction: 0.8)", "--set", "speed=1.5"],
         ["--scene", "transitions", "--set", "variant=scale-opacity", "--scroll", "120", "--exit-after", "2.5"],
         ["render", "--scene", "spoiler", "--set", "blockSize=16", "--size", "320x240", "--out", "out.png"],
         ["bench", "--scene", "gallery", "--frames", "60", "--json"],
         ["curve", "bouncy"], ["--help"], ["--version"], ["swiftui", "--scene", "hero"], ["status"], ["screenshot", "--out", "s.png"]]
    }

    // MARK: Thumbnails

    /// Thumbnails as the cache writes them, at two sizes, of a photo of the fixtures.
    static func thumbnails() -> [(name: String, bytes: [UInt8])] {
        let root = ImageFixtures.path("fuzz-thumbnails")
        try? FileManager.default.removeItem(atPath: root)
        let cache = ThumbnailCache(root: root)
        let photo = ImageFixtures.write(ImageFixtures.rgbaPNG(40, 30) { _, _ in (200, 100, 50, 255) }, "fuzz-thumbnail-photo.png")
        return ThumbnailCache.Size.allCases.compactMap { size in
            guard cache.write(PixelBuffer(width: 400, height: 300, fill: 0xFF33_6699), for: photo, size: size, originalSize: (400, 300)),
                  let bytes = FileManager.default.contents(atPath: cache.file(for: photo, size: size)) else { return nil }
            return ("thumbnail-\(size.rawValue)", Array(bytes))
        }
    }

    // MARK: Worker answers

    static func photoReplies() -> [(name: String, bytes: [UInt8])] {
        typealias D = WireBytes.Descriptor
        return [
            ("pixels", WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 64 * 48 * 4)], WireBytes.pixels(64, 48))),
            ("thumbnail", WireBytes.photoReply(job: 1, [.memfd(seals: D.sealed | 1, bytes: 96 * 72 * 4)], WireBytes.pixels(96, 72, cacheAs: .xLarge, original: (4000, 3000)))),
            ("failure", WireBytes.photoReply([], WorkerReply.failure("cannot decode JPEG: not a JPEG file").encoded())),
            ("forbidden-call", WireBytes.photoReply([], WorkerReply.forbiddenCall(number: 2, architecture: 0xC000003E).encoded())),
            ("unsealed", WireBytes.photoReply([.memfd(seals: 0, bytes: 16)], WireBytes.pixels(2, 2))),
            ("short", WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 15)], WireBytes.pixels(2, 2))),
            ("pipe", WireBytes.photoReply([.pipe], WireBytes.pixels(2, 2))),
            ("two", WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16), .socket], WireBytes.pixels(2, 2))),
        ]
    }

    static func videoReplies() -> [(name: String, bytes: [UInt8])] {
        let info = WireBytes.info(width: 64, height: 36, source: (1280, 720))
        let frames = (0..<8).map { WireBytes.frame(slot: $0 % 3, pts: Int64($0) * 33_333) }
        return [
            ("play", WireBytes.videoConversation([info] + frames + [WireBytes.end(broken: false, last: 233_331, "the end of the video")])),
            ("sound", WireBytes.videoConversation(sound: true, [WireBytes.info(width: 64, height: 36, source: (64, 36), audio: true),
                                                               WireBytes.audio(480, pts: 0), WireBytes.frame(slot: 0, pts: 0), WireBytes.audio(480, pts: 10_000)])),
            ("failure", WireBytes.videoConversation([WireBytes.failure("no video stream in the file")])),
            ("broken", WireBytes.videoConversation([info, WireBytes.frame(slot: 0, pts: 0), WireBytes.end(broken: true, last: 0, "cut short")])),
            ("large", WireBytes.videoConversation(size: 3, [WireBytes.info(width: 8192, height: 4320, source: (8192, 4320))])),
        ]
    }
}
