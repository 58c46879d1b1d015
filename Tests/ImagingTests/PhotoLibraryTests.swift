import Foundation
import LumenTestSupport
import Testing
@testable import Imaging

@Suite("The user's photos")
struct PhotoLibraryTests {
    func folder(_ name: String, _ files: [(String, [UInt8])]) -> String {
        let dir = ImageFixtures.path(name)
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (file, bytes) in files { #expect(FileManager.default.createFile(atPath: dir + "/" + file, contents: Data(bytes))) }
        return dir
    }

    @Test func naturalOrderTitlesAndNonImagesSkippedByContent() throws {
        let png = ImageFixtures.rgbaPNG(1, 1) { _, _ in (1, 2, 3, 255) }
        let dir = folder("library", [("img10.png", png), ("img2.png", png), ("Img1.PNG", png), ("notes.jpg", Array("not a photo".utf8)),
                                     (".hidden.png", png), ("river_at-night.jpeg", png), ("photo.txt", png)])
        let photos = try PhotoLibrary.photos(in: [dir])
        #expect(photos.map(\.title) == ["Img1", "img2", "img10", "photo", "river at night"],
                "natural order, by content not extension, hidden files left out: \(photos.map(\.title))")
        let single = try PhotoLibrary.photos(in: [dir + "/img2.png", dir])
        #expect(single.first?.title == "img2" && single.count == 6, "files and folders, in the order given")
    }

    @Test func naturalOrderComparesDigitRunsAsNumbers() {
        let names = ["img10", "IMG2", "img1", "img02b", "img002", "a", "img", "img1x", "b3c10", "b3c9"]
        #expect(names.sorted(by: PhotoLibrary.naturalOrder) == ["a", "b3c9", "b3c10", "img", "img1", "img1x", "IMG2", "img002", "img02b", "img10"])
        #expect(!PhotoLibrary.naturalOrder("x", "x") && PhotoLibrary.naturalOrder("x", "x1"))
    }

    @Test func aMissingPathSaysWhich() {
        do { _ = try PhotoLibrary.photos(in: ["/no/such/folder"]); Issue.record("accepted") } catch {
            #expect(error.message == "/no/such/folder: no such file or folder")
        }
    }
}
