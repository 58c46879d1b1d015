import Foundation
import Glibc
import LumenTestSupport
import Testing
import Imaging

/// Only regular files are photos: a FIFO, a socket or a folder named like one is refused at
/// once (nothing blocks), and the listing says in one escaped line what it left out and why.
@Suite("Photo files: regular files only, never blocking")
struct PhotoFileTests {
    /// A fresh folder with a photo, a FIFO, a socket, a folder, a dangling link, a name with a
    /// newline and one that is not UTF-8.
    func hostileFolder() -> String {
        let dir = ImageFixtures.path("photo-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let jpeg = ImageFixtures.jpeg(16, 16) { _, _ in (90, 90, 90) }
        _ = FileManager.default.createFile(atPath: dir + "/a.jpg", contents: Data(jpeg))
        _ = FileManager.default.createFile(atPath: dir + "/line\nbreak.jpg", contents: Data(jpeg))
        _ = FileManager.default.createFile(atPath: dir + "/notes.txt", contents: Data("hello".utf8))
        SpecialFiles.fifo(at: dir + "/pipe.jpg")
        SpecialFiles.socket(at: dir + "/socket.jpg")
        try? FileManager.default.createDirectory(atPath: dir + "/folder.jpg", withIntermediateDirectories: true)
        symlink(dir + "/gone.jpg", dir + "/link.jpg")
        // "caf\xE9.jpg": Latin-1, not UTF-8.
        let raw: [UInt8] = Array((dir + "/caf").utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { Glibc.open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return dir
    }

    @Test func aFIFOSocketOrFolderIsRefusedAtOnce() {
        let dir = hostileFolder()
        for (name, why) in [("pipe.jpg", "named pipe (FIFO)"), ("socket.jpg", "socket"), ("folder.jpg", "folder")] {
            guard case .failure(let f) = ImageDecoder.decode(path: dir + "/" + name) else { Issue.record("\(name) is refused"); continue }
            #expect(f.reason.contains(why), "\(name): \(f.reason)")
        }
        if case .failure(let f) = ImageDecoder.decode(path: dir + "/a.jpg") { Issue.record("a regular photo decodes: \(f)") }
    }

    @Test func theListingSaysWhatItLeftOutInOneEscapedLineEach() throws {
        let dir = hostileFolder()
        var lines: [String] = []
        let photos = try PhotoLibrary.photos(in: [dir]) { lines.append($0) }
        #expect(photos.map { ($0.path as NSString).lastPathComponent } == ["a.jpg", "line\nbreak.jpg"])
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("/pipe.jpg: is a named pipe (FIFO), not a photo; skipped") })
        #expect(lines.contains { $0.hasSuffix("/socket.jpg: is a socket, not a photo; skipped") })
        #expect(lines.contains { $0.hasSuffix("/link.jpg: no such file") }, "a link to nothing is said, not dropped")
        #expect(lines.contains { $0.hasSuffix("/caf\\xE9.jpg: the file name is not valid UTF-8; rename it to show it") })
        #expect(lines.allSatisfy { !$0.contains("\n") })
        #expect(!lines.contains { $0.contains("notes.txt") || $0.contains("folder.jpg") }, "what is simply not a photo is left out quietly")
    }

    @Test func controlCharactersInNamesAreEscaped() {
        #expect(LogText.escaped("a\nb\tc\u{1B}[31md\\e") == "a\\nb\\tc\\u{1B}[31md\\\\e")
        #expect(LogText.escaped("café ☕") == "café ☕")
        #expect(LogText.escaped(bytes: Array("caf".utf8) + [0xE9, 0x0A]) == "caf\\xE9\\n")
    }
}
