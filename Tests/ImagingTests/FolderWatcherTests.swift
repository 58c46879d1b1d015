import Dispatch
import Foundation
import LumenTestSupport
import Testing
@testable import Imaging

/// Watching photo folders with inotify.
@Suite("Watching photo folders")
struct FolderWatcherTests {
    /// 20,000 photos come into a watched folder faster than the watcher reads (its reading
    /// held while they come, as a busy machine would), then a photo already there is
    /// rewritten: inotify's queue (16,384 events) overflows and the kernel drops the rest, the
    /// rewrite's among them. The watcher takes the folder as rescanned: it reports the change
    /// with every file to be read again, and the folder lists every photo.
    @Test func aBurstBeyondInotifysQueueEndsWithEveryPhotoListed() throws {
        let dir = ImageFixtures.path("watch-burst")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = Data(ImageFixtures.rgbaPNG(2, 2) { _, _ in (10, 20, 30, 255) })
        let original = dir + "/original.png", rewritten = dir + "/rewritten.png"
        try png.write(to: URL(fileURLWithPath: original))
        try png.write(to: URL(fileURLWithPath: rewritten))
        let reported = DispatchSemaphore(value: 0)
        let watcher = try #require(FolderWatcher(folders: [dir], settle: 0.2) { reported.signal() })
        watcher.suspendReading()
        for i in 0..<20_000 { #expect(link(original, dir + "/copy-\(i).png") == 0) }
        try png.write(to: URL(fileURLWithPath: rewritten))
        watcher.resumeReading()
        #expect(reported.wait(timeout: .now() + 60) == .success, "no change reported")
        let (changed, files) = watcher.takeChanges()
        #expect(changed)
        #expect(files.contains(rewritten), "the rewritten photo, whose event the kernel dropped, is to be read again")
        #expect(files.count == 20_002, "\(files.count) files to read again")
        #expect(try PhotoLibrary.photos(in: [dir]).count == 20_002)
    }
}
