import CCairo   // GLib, through Pango
import Foundation
import LumenTestSupport
import Testing
import Imaging

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

    /// GLib's order of `names`: by `g_utf8_collate_key_for_filename`, what the file manager sorts by.
    static func glibOrder(_ names: [String]) -> [String] {
        func key(_ name: String) -> [UInt8] {
            let k = g_utf8_collate_key_for_filename(name, -1)!
            defer { g_free(k) }
            return Array(UnsafeRawBufferPointer(start: k, count: strlen(k)))
        }
        return names.map { (key($0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    /// A folder of mixed-case, accented and numbered names lists in GLib's order, under a
    /// desktop's collation (en_US.UTF-8, this thread's only) and under C.UTF-8's.
    @Test(arguments: ["en_US.UTF-8", "C.UTF-8"])
    func photoOrderIsTheFileManagers(localeName: String) throws {
        let names = ["zebra.png", "Élan.png", "eagle.png", "img10.png", "img2.png", "IMG3.png", "Apple.png", "apple2.png",
                     "banana.png", "Öl.png", "ok.png", "img002.png", "b3c10.png", "b3c9.png", "über.png", "Ulm.png"]
        let locale = try #require(newlocale(LC_COLLATE_MASK, localeName, nil), "no locale \(localeName) (make test-deps makes it)")
        let previous = uselocale(locale)
        defer { uselocale(previous); freelocale(locale) }
        let png = ImageFixtures.rgbaPNG(1, 1) { _, _ in (1, 2, 3, 255) }
        let dir = folder("order-\(localeName)", names.map { ($0, png) })
        let listed = try PhotoLibrary.photos(in: [dir]).map { String($0.path.split(separator: "/").last!) }
        let glib = Self.glibOrder(names)
        #expect(listed == glib)
        #expect(names.sorted(by: PhotoLibrary.naturalOrder) == glib)
        #expect(glib.firstIndex(of: "img2.png")! < glib.firstIndex(of: "img10.png")!, "digit runs as numbers: \(glib)")
        if localeName.hasPrefix("en_US") {
            let eagle = glib.firstIndex(of: "eagle.png")!, elan = glib.firstIndex(of: "Élan.png")!
            #expect(elan == eagle + 1 && glib.last == "zebra.png", "Élan beside eagle, zebra last: \(glib)")
        }
        #expect(!PhotoLibrary.naturalOrder("x", "x") && PhotoLibrary.naturalOrder("x", "x1"))
    }

    @Test func aMissingPathSaysWhich() {
        do { _ = try PhotoLibrary.photos(in: ["/no/such/folder"]); Issue.record("accepted") } catch {
            #expect(error.message == "/no/such/folder: no such file or folder")
        }
    }
}
