import Foundation
import Glibc
import LumenTestSupport
import Testing
@testable import DecodeWorkers
@testable import Imaging

/// Photos decoded by sandboxed worker processes, run through the real binary: a worker that
/// crashes, hangs or breaks its sandbox fails only its own photo, with the reason, and the
/// others decode; hostile files are refused within the deadline and a small memory bound.
@Suite("Decoder workers: sandboxed, watched, replaced", .serialized)
struct DecoderWorkerTests {
    /// A fresh folder with three good photos and `bad.jpg`, which carries the fault hook's tag
    /// in a JPEG comment.
    func folder() -> String {
        let dir = ImageFixtures.path("workers-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for i in 1...3 {
            let jpeg = ImageFixtures.jpeg(640, 480) { x, y in (UInt8(x % 256), UInt8(y % 256), UInt8(i * 60)) }
            _ = FileManager.default.createFile(atPath: dir + "/good\(i).jpg", contents: Data(jpeg))
        }
        let jpeg = ImageFixtures.jpeg(640, 480) { _, _ in (200, 30, 30) }
        let tag = Array("lumen-fault".utf8)
        let comment: [UInt8] = [0xFF, 0xFE, 0, UInt8(tag.count + 2)] + tag
        _ = FileManager.default.createFile(atPath: dir + "/bad.jpg", contents: Data(Array(jpeg[..<2]) + comment + jpeg[2...]))
        return dir
    }

    func failureLines(_ run: Binary.Run) -> [String] {
        run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("lumen: /") }
    }

    @Test(arguments: [("crash", "the decoder crashed (signal 11)"),
                      ("hang", "the decoder took longer than 2 s"),
                      ("bus", "the decoder crashed (signal 7: the file was cut shorter while it was read?)"),
                      ("open:/etc/passwd", "the decoder broke its sandbox (system call openat, number "),
                      ("prctl", "the decoder broke its sandbox (system call prctl, number ")])
    func aFaultyWorkerFailsOnlyItsPhoto(fault: String, reason: String) throws {
        let dir = folder()
        let run = try Binary.run(["bench", "--decode", dir], env: ["LUMEN_WORKER_FAULT": fault, "LUMEN_DECODE_TIMEOUT": "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = failureLines(run)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("lumen: \(dir)/bad.jpg: \(reason)") == true, "\(lines)")
        #expect(run.stdout.contains("4 photos") && run.stdout.contains("1 could not be decoded"), "the other three decoded: \(run.stdout)")
    }

    /// A system that will not let a worker lock itself down still shows every photo, decoded in
    /// the app, and says so once.
    @Test func withoutItsSandboxTheAppDecodesItselfAndSaysSo() throws {
        let run = try Binary.run(["bench", "--decode", folder()], env: ["LUMEN_WORKER_FAULT": "lockdown"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("could not be decoded"), "every photo decoded: \(run.stdout)")
        let said = run.stderr.split(separator: "\n").filter { $0.contains("cannot enter their sandbox here; decoding in the app instead") }
        #expect(said.count == 1, "\(run.stderr)")
    }

    @Test func aWorkerHoldsOnlyItsSocketAndThePhotoItWasHanded() throws {
        let run = try Binary.run(["bench", "--decode", folder()], env: ["LUMEN_WORKER_FAULT": "descriptors"])
        // The photo arrives as the lowest free number (0: the worker closed its standard ones);
        // the socket is 3.
        #expect(failureLines(run).first?.hasSuffix("bad.jpg: open descriptors: 0 3") == true, "\(run.stderr)")
    }

    @Test func theGalleryShowsThePlaceholderAndAFileThatCrashedIsNotTriedAgain() throws {
        let dir = folder()
        let cache = ImageFixtures.path("workers-cache-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let out = dir + "/../gallery-\(getpid()).png"
        let env = ["LUMEN_WORKER_FAULT": "crash", "XDG_CACHE_HOME": cache]
        let first = try Binary.run(["render", "--scene", "gallery", "--images", dir, "--out", out], env: env)
        #expect(first.status == 0, "the app goes on: \(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        #expect(failureLines(first).map { $0.hasSuffix("bad.jpg: the decoder crashed (signal 11)") } == [true], "\(first.stderr)")
        let marks = (try? FileManager.default.contentsOfDirectory(atPath: cache + "/thumbnails/fail/lumen")) ?? []
        #expect(marks.count == 1, "the freedesktop failure mark is written: \(marks)")
        let second = try Binary.run(["render", "--scene", "gallery", "--images", dir, "--out", out], env: env)
        #expect(failureLines(second).first?.contains("an earlier run's decoder failed on it") == true, "\(second.stderr)")
    }

    /// A mark an older decoder wrote (another sandbox revision, or none recorded) lets the photo
    /// be tried once: it decodes, and no line is logged. A mark of this decoder keeps it back.
    @Test(arguments: ["sandbox 1; libjpeg-turbo 2.1.5", nil])
    func aFailureMarkOfAnOlderDecoderIsTriedAgain(older: String?) throws {
        let dir = folder()
        let cache = ImageFixtures.path("workers-marks-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let out = dir + "/../marks-\(getpid()).png"
        let thumbnails = ThumbnailCache(root: cache + "/thumbnails")
        let photo = dir + "/good1.jpg"
        let key = try #require(ThumbnailCache.key(for: photo))
        func mark(_ decoder: String?) throws {
            if let decoder {
                #expect(thumbnails.markFailed(photo, key: key, decoder: decoder))
            } else {
                // A mark as Lumen wrote it before marks named their decoder.
                let png = ImageFixtures.png(width: 1, height: 1, colorType: 6, bitDepth: 8, rows: [[0, 0, 0, 0]], extra: [
                    ImageFixtures.chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array(key.uri.utf8)),
                    ImageFixtures.chunk("tEXt", Array("Thumb::MTime".utf8) + [0] + Array(String(key.mtime).utf8))])
                try FileManager.default.createDirectory(atPath: cache + "/thumbnails/fail/lumen", withIntermediateDirectories: true)
                #expect(FileManager.default.createFile(atPath: thumbnails.failureFile(for: photo), contents: Data(png)))
                #expect(png.withUnsafeBytes { ThumbnailCache.carries($0, key) }, "the hand-made mark carries the photo's URI and mtime")
            }
        }
        try mark(older)
        let retried = try Binary.run(["render", "--scene", "gallery", "--images", dir, "--out", out], env: ["XDG_CACHE_HOME": cache])
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(failureLines(retried).isEmpty, "the older mark let it be tried, and it decoded: \(retried.stderr)")
        try mark(DecoderPool.decoderVersion)
        let kept = try Binary.run(["render", "--scene", "gallery", "--images", dir, "--out", out], env: ["XDG_CACHE_HOME": cache])
        #expect(failureLines(kept).map { $0.hasPrefix("lumen: \(photo): an earlier run's decoder failed on it") } == [true], "\(kept.stderr)")
    }

    /// A photo marked by an older decoder that crashes this one too is tried once and marked
    /// again, now with this decoder.
    @Test func aPhotoThatFailsAgainIsMarkedAgain() throws {
        let dir = folder()
        let cache = ImageFixtures.path("workers-remark-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let thumbnails = ThumbnailCache(root: cache + "/thumbnails")
        let bad = dir + "/bad.jpg"
        let key = try #require(ThumbnailCache.key(for: bad))
        #expect(thumbnails.markFailed(bad, key: key, decoder: "sandbox 1"))
        let env = ["LUMEN_WORKER_FAULT": "crash", "XDG_CACHE_HOME": cache]
        let run = try Binary.run(["render", "--scene", "gallery", "--images", dir, "--out", dir + "/../remark-\(getpid()).png"], env: env)
        #expect(failureLines(run).map { $0.hasSuffix("bad.jpg: the decoder crashed (signal 11)") } == [true], "tried again: \(run.stderr)")
        #expect(thumbnails.hasFailureMark(for: bad, key: key, decoder: DecoderPool.decoderVersion), "marked again by this decoder")
        #expect(!thumbnails.hasFailureMark(for: bad, key: key, decoder: "sandbox 1"))
    }

    /// A worker taken over by a photo answers what it likes: each hostile answer is refused,
    /// field and value named, the worker ended, the photo asked of a new worker once (which the
    /// fault strikes again) and then given up; the other photos decode.
    @Test(arguments: [("size", "width 70368744177664 is over the 720 asked for"),
                      ("unsealed", "its pixels are not in a sealed memfd"),
                      ("short-memory", "its pixels are 16 bytes, not the 64 of 4×4"),
                      ("photo", "its pixels are not in a sealed memfd"),
                      ("descriptors", "it came with 2 descriptors, not 1"),
                      ("truncated", "a message of 45 bytes is not an answer's layout"),
                      ("padded", "a message of 56 bytes is not an answer's layout"),
                      ("thumbnail", "thumbnail size 300 is not one Lumen uses")])
    func aHostileAnswerIsRefused(kind: String, reason: String) throws {
        let dir = folder()
        let run = try Binary.run(["bench", "--decode", dir], env: ["LUMEN_WORKER_FAULT": "reply:\(kind)"])
        #expect(run.status == 0, "\(run.stderr)")
        let refused = "lumen: \(dir)/bad.jpg: the decoder's answer was refused: \(reason)"
        #expect(failureLines(run) == [refused + "; asked again of a new decoder", refused], "\(run.stderr)")
        #expect(run.stdout.contains("4 photos") && run.stdout.contains("1 could not be decoded"), "the other three decoded: \(run.stdout)")
    }

    /// 1,000 refused answers leave the app with the descriptors, mappings and worker processes
    /// it had: every descriptor an answer carried is closed, every refused worker ended and reaped.
    @Test func refusedAnswersLeakNothing() throws {
        let dir = folder()
        let bad = dir + "/bad.jpg"
        let copies = (0..<510).map { i -> String in
            let path = dir + "/copy-\(i).jpg"
            _ = link(bad, path)
            return path
        }
        setenv("LUMEN_WORKER_FAULT", "reply:descriptors", 1)
        defer { unsetenv("LUMEN_WORKER_FAULT") }
        let pool = DecoderPool(settings: .init(workers: 2, deadline: 10), executable: Binary.url.path)
        pool.log = { _ in }
        func refuse(_ paths: ArraySlice<String>) {
            for path in paths {
                let result = pool.decode(path: path, job: DecodeJob(width: 100), thumbnails: nil)
                if case .success = result { Issue.record("\(path) decoded") }
            }
        }
        refuse(copies.prefix(10))
        let before = ProcessCounts.now()
        refuse(copies.dropFirst(10))
        let after = ProcessCounts.now()
        // Other suites run beside this one in the process (their programs' pipes and children
        // come and go), so a few either way are theirs; a leak would be 1,000 or more.
        #expect(after.descriptors <= before.descriptors + 8, "descriptors \(before.descriptors) → \(after.descriptors)")
        #expect(after.mappings <= before.mappings + 8, "mappings \(before.mappings) → \(after.mappings)")
        #expect(after.children <= before.children + 4, "worker processes \(before.children) → \(after.children)")
        pool.shutDown()
    }

    /// A worker that cannot be started once others have run (its binary gone, as a process limit
    /// reached for a moment would do): the photo fails with why, and is not decoded in the app,
    /// outside the sandbox.
    @Test func aWorkerThatCannotStartAfterOthersDidLeavesThePhotoUndecoded() throws {
        let dir = folder()
        let worker = dir + "/worker"
        #expect(symlink(Binary.url.path, worker) == 0)
        setenv("LUMEN_WORKER_FAULT", "reply:descriptors", 1)
        defer { unsetenv("LUMEN_WORKER_FAULT") }
        let pool = DecoderPool(settings: .init(workers: 1, deadline: 10), executable: worker)
        pool.log = { _ in }
        defer { pool.shutDown() }
        // Workers start, and are ended for their answers (the fault hook's).
        if case .success = pool.decode(path: dir + "/bad.jpg", job: DecodeJob(width: 100), thumbnails: nil) { Issue.record("a refused answer was used") }
        unlink(worker)
        let copy = dir + "/copy.jpg"
        _ = link(dir + "/bad.jpg", copy)
        switch pool.decode(path: copy, job: DecodeJob(width: 100), thumbnails: nil) {
        case .success: Issue.record("decoded in the app, outside the sandbox")
        case .failure(let f): #expect(f.reason.hasPrefix("no decoder could be started"), "\(f.reason)")
        }
    }

    /// Every hostile class, and a FIFO and a socket named like photos: refused within the
    /// deadline (2 s here: none outruns it) and 300 MB of the app's and a worker's peaks.
    @Test func hostileFilesAreRefusedQuicklyAndCheaply() throws {
        let dir = ImageFixtures.path("hostile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let files: [(String, [UInt8])] = [("scans.jpg", HostileFixtures.manyScans(5000)), ("markers.jpg", HostileFixtures.manyMarkers(100_000)),
                                          ("huge.jpg", HostileFixtures.hugeProgressiveHeader()), ("grid.heic", HostileFixtures.heifGrid(tiles: 20_000)),
                                          ("rle.bmp", HostileFixtures.emptyRLEBMP())]
        for (name, bytes) in files { _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes)) }
        SpecialFiles.fifo(at: dir + "/fifo.jpg")
        SpecialFiles.socket(at: dir + "/socket.jpg")
        let run = try Binary.run(["bench", "--decode", dir, "--json"], env: ["LUMEN_DECODE_TIMEOUT": "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = failureLines(run)
        #expect(lines.count == 7, "one line for each: \(lines)")
        #expect(!lines.contains { $0.contains("took longer") || $0.contains("crashed") }, "\(lines)")
        for name in files.map(\.0) + ["fifo.jpg", "socket.jpg"] { #expect(lines.contains { $0.contains("/\(name): ") }, "\(name): \(lines)") }
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let app = json?["peak_memory_bytes"] as? Int ?? .max, worker = json?["worker_peak_memory_bytes"] as? Int ?? .max
        #expect(worker > 0 && app + worker < 300 << 20, "app \(app >> 20) MB + worker \(worker >> 20) MB")
    }

    @Test func requestsAndRepliesCrossTheSocketIntact() {
        let job = DecodeJob(maxPixels: 1234, width: nil, box: .init(width: 300.5, height: 200), mode: .fit,
                            thumbnailKey: .init(uri: "file:///photos/caf%C3%A9.jpg", mtime: 1_700_000_000))
        let request = WorkerRequest(job: job, thumbnails: [.xxLarge])
        #expect(WorkerRequest(bytes: request.encoded()) == request)
        #expect(WorkerRequest(bytes: Array(request.encoded().dropLast(3))) == nil, "a short message is no request")
        for reply in [WorkerReply.pixels(width: 3, height: 2, cacheAs: .xLarge, originalWidth: 4000, originalHeight: 3000), .failure("corrupt")] {
            #expect(WorkerReply(bytes: reply.encoded()) == reply)
        }
    }

    @Test func howAWorkerEndedIsSaidInWords() {
        // x86-64's numbers (AUDIT_ARCH_X86_64), whatever this machine is.
        #expect(WorkerDeath.forbiddenCall(number: 257, architecture: 0xC000_003E).reason
                == "the decoder broke its sandbox (system call openat, number 257) and was stopped")
        #expect(WorkerDeath.forbiddenCall(number: 157, architecture: 0xC000_003E).reason.contains("system call prctl, number 157"))
        #expect(WorkerDeath.forbiddenCall(number: 99_999, architecture: 0).reason.contains("system call unknown, number 99999"))
        #expect(WorkerReply(bytes: WorkerReply.forbiddenCall(number: 257, architecture: 0xC000_003E).encoded())
                == .forbiddenCall(number: 257, architecture: 0xC000_003E))
        #expect(WorkerDeath.signal(SIGSEGV).reason == "the decoder crashed (signal 11)")
        #expect(WorkerDeath.signal(SIGBUS).reason.contains("cut shorter while it was read"))
        #expect(WorkerDeath.timedOut(5).reason == "the decoder took longer than 5 s")
        #expect(WorkerDeath.timedOut(1.5).reason == "the decoder took longer than 1.5 s")
        #expect(WorkerDeath.signal(SIGXCPU).reason.contains("CPU time"))
    }
}

/// What this process holds: open descriptors, mappings and child processes (living or not
/// yet reaped), from /proc.
struct ProcessCounts: Equatable {
    var descriptors: Int, mappings: Int, children: Int

    static func now() -> ProcessCounts {
        let fm = FileManager.default
        let descriptors = (try? fm.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let me = getpid()
        let children = ((try? fm.contentsOfDirectory(atPath: "/proc")) ?? []).filter { name in
            guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // pid (comm) state ppid …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == me
        }.count
        return ProcessCounts(descriptors: descriptors, mappings: maps.split(separator: "\n").count, children: children)
    }
}
