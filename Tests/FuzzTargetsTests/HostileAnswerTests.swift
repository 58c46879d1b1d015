@testable import DecodeWorkers
@testable import FuzzTargets
import Glibc
import Imaging
import Testing
@testable import Video

/// The photo-reply and video-reply targets' hostile answers as unit tests: each is refused,
/// for its own reason. (Descriptors left open are the fuzzer's to find: it runs alone, where a
/// count of the process's descriptors means something.)
@Suite struct HostileAnswerTests {
    typealias D = WireBytes.Descriptor

    /// Runs a photo-reply input through the app's acceptance: the refusal's reason, or nil
    /// when it was accepted.
    func refusal(_ input: [UInt8]) -> String? {
        input.withUnsafeBytes { raw -> String? in
            var r = ByteReader(raw)
            let job = PhotoReplyFuzzing.job(r.byte())
            let fds = (0..<Int(r.byte() % 5)).compactMap { _ in PhotoReplyFuzzing.descriptor(&r) }
            defer { fds.forEach { close($0) } }
            switch DecoderPool.accept(Array(r.rest()), fds, job: job) {
            case .failure(let refusal): return refusal.reason
            case .success: return nil
            }
        }
    }

    @Test func aPhotoDecodersHostileAnswersAreRefused() {
        let four = WireBytes.pixels(2, 2)
        let cases: [([UInt8], String)] = [
            (WireBytes.photoReply([.memfd(seals: 0, bytes: 16)], four), "not in a sealed memfd"),
            (WireBytes.photoReply([.memfd(seals: 2 | 4, bytes: 16)], four), "not in a sealed memfd"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 15)], four), "15 bytes, not the 16"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 20)], four), "20 bytes, not the 16"),
            (WireBytes.photoReply([.pipe], four), "not in a sealed memfd"),
            (WireBytes.photoReply([.null], four), "not in a sealed memfd"),
            (WireBytes.photoReply([.socket], four), "not in a sealed memfd"),
            (WireBytes.photoReply([.folder], four), "not in a sealed memfd"),
            (WireBytes.photoReply([], four), "descriptors"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16), .memfd(seals: D.sealed, bytes: 16)], four), "descriptors"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16)], WorkerReply.failure("x").encoded()), "came with 1 descriptor, not 0"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16)], Array(four.dropLast(3))), "layout"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16)], four + [0, 0, 0, 0, 0, 0, 0, 0]), "layout"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16)], [0xFF, 0, 0, 0, 0, 0, 0, 0]), "unknown"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16)], [1, 2, 3]), "layout"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 4)], WireBytes.pixels(0, 1)), "width 0 is under"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 4)], WireBytes.pixels(-1, -4)), "width -1 is under"),
            // The job's cap: a tile's 2²⁰ pixels (a 1024² thumbnail answers any job).
            (WireBytes.photoReply(job: 0, [.memfd(seals: D.sealed, bytes: 4)], WireBytes.pixels(2000, 1000)), "over the 1048576 pixels"),
            (WireBytes.photoReply(job: 1, [.memfd(seals: D.sealed, bytes: 4)], WireBytes.pixels(97, 1)), "width 97 is over the 96"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 4)], WireBytes.pixels(1, 1, original: (70000, 70000))), "original size"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 4)], WireBytes.pixels(1, 1, original: (Int.max, 1))), "original width"),
            (WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 4)], WireBytes.pixels(Int.max, Int.max)), "width"),
        ]
        for (input, reason) in cases {
            let why = refusal(input)
            #expect(why?.contains(reason) == true, "expected a refusal saying '\(reason)', got \(why ?? "an acceptance")")
        }
        // The honest answer is taken.
        #expect(refusal(WireBytes.photoReply([.memfd(seals: D.sealed, bytes: 16)], WireBytes.pixels(2, 2))) == nil)
    }

    /// Runs a video conversation: the reason of the first refusal, or nil.
    func videoRefusal(sound: Bool = false, _ messages: [[UInt8]], descriptors: Int = 0) -> String? {
        var talk = VideoConversation()
        for m in messages {
            switch VideoWire.reply(m, descriptors: descriptors) {
            case .failure(let refusal): return refusal.reason
            case .success(let reply):
                if case .failure(let refusal) = talk.take(reply, maxWidth: 64, maxHeight: 36, soundWanted: sound) { return refusal.reason }
            }
        }
        return nil
    }

    @Test func aVideoWorkersHostileAnswersAreRefused() {
        let info = WireBytes.info(width: 64, height: 36, source: (1280, 720))
        let cases: [([[UInt8]], Bool, Int, String)] = [
            ([WireBytes.frame(slot: 0, pts: 0)], false, 0, "a frame out of turn"),
            ([info, info], false, 0, "a second description"),
            ([WireBytes.info(width: 65, height: 36, source: (1280, 720))], false, 0, "not within the 64×36 asked for"),
            ([WireBytes.info(width: 64, height: 36, source: (32, 18))], false, 0, "larger than the source"),
            ([WireBytes.info(width: 64, height: 36, source: (9000, 720))], false, 0, "over the 8192×4320"),
            ([WireBytes.info(width: 64, height: 36, source: (1280, 720), durationMicroseconds: -5)], false, 0, "length -5"),
            ([info, WireBytes.frame(slot: 6, pts: 0)], false, 0, "slot 6 of 6"),
            ([info, WireBytes.frame(slot: -1, pts: 0)], false, 0, "of 6"),
            ([info, WireBytes.frame(slot: 1, pts: 0), WireBytes.frame(slot: 1, pts: 10)], false, 0, "slot 1 is the app's"),
            ([info, WireBytes.frame(slot: 1, pts: 10), WireBytes.frame(slot: 2, pts: 10)], false, 0, "time 10 µs after 10 µs"),
            ([info, WireBytes.end(broken: false, last: 0, ""), WireBytes.frame(slot: 0, pts: 0)], false, 0, "a frame out of turn"),
            ([info, WireBytes.audio(480, pts: 0)], true, 0, "sound that was not asked for"),
            ([WireBytes.info(width: 64, height: 36, source: (64, 36), audio: true), WireBytes.audio(480, pts: 0)], false, 0, "sound that was not asked for"),
            ([WireBytes.info(width: 64, height: 36, source: (64, 36), audio: true)] + (0...1000).map { WireBytes.audio(1, pts: Int64($0)) },
             true, 0, "sound far ahead"),
            ([info], false, 1, "came with 1 descriptors"),
            ([Array(info.dropLast())], false, 0, "of 139 bytes, not 140"),
            ([[0x99, 0, 0, 0]], false, 0, "tag"),
            ([[1, 2]], false, 0, "a reply of 2 bytes"),
        ]
        for (messages, sound, descriptors, reason) in cases {
            let why = videoRefusal(sound: sound, messages, descriptors: descriptors)
            #expect(why?.contains(reason) == true, "expected a refusal saying '\(reason)', got \(why ?? "no refusal")")
        }
        #expect(videoRefusal([info] + (0..<6).map { WireBytes.frame(slot: $0, pts: Int64($0)) } + [WireBytes.end(broken: false, last: 5, "")]) == nil)
    }
}
