import Foundation
import LumenApp
import LumenTesting
import PhotoWall
import Testing

/// The photo wall through Lumen's public API, as any app would test itself: its scenes run by
/// `AppTester`, found and tapped by what a screen reader hears, and the app's own command line.
@Suite struct PhotoWallTests {
    /// A portrait kiosk screen.
    static let size = Size(width: 1080, height: 1920)

    /// How far a pixel is from gray: the spread of its channels (0 to 255).
    func colourfulness(_ p: UInt32) -> Int {
        let c = [Int(p >> 16 & 255), Int(p >> 8 & 255), Int(p & 255)]
        return c.max()! - c.min()!
    }

    /// The mean colourfulness of the middle of the photo labelled `title`.
    func colour(of title: String, in app: AppTester, _ pixels: PixelBuffer) throws -> Double {
        let e = try #require(app.element(title), "a photo labelled \(title)")
        let f = e.frame.insetBy(dx: e.frame.width / 4, dy: e.frame.height / 4)
        var sum = 0, n = 0
        for y in stride(from: max(Int(f.minY), 0), to: min(Int(f.maxY), pixels.height), by: 4) {
            for x in stride(from: max(Int(f.minX), 0), to: min(Int(f.maxX), pixels.width), by: 4) {
                sum += colourfulness(pixels[x, y]); n += 1
            }
        }
        return n == 0 ? 0 : Double(sum) / Double(n)
    }

    @Test func theWallShowsItsPhotosGrayAtTheTopAndItsBar() throws {
        let app = try AppTester(.photoWall, scene: PhotoWallScene.name, size: Self.size)
        app.settle()
        let pixels = app.snapshot()
        #expect(pixels.width == 1080 && pixels.height == 1920)
        // The top row is far from the middle: in black and white (the Color Reveal effect).
        for title in ["Bison", "Chameleon", "Hedgehog"] { #expect(try colour(of: title, in: app, pixels) < 3, "\(title) gray") }
        // The bar's first button is drawn in the accent colour (0, 122, 255).
        let button = try #require(app.element("All in colour"))
        let p = pixels[Int(button.frame.minX) + 6, Int(button.frame.midY)]
        #expect(abs(Int(p >> 16 & 255) - 0) < 12 && abs(Int(p >> 8 & 255) - 122) < 12 && abs(Int(p & 255) - 255) < 12)
    }

    @Test func aTapOnTheBarColoursEveryPhoto() throws {
        let app = try AppTester(.photoWall, scene: PhotoWallScene.name, size: Self.size)
        app.settle()
        let before = app.snapshot()
        try app.tap("All in colour")
        app.settle()
        let after = app.snapshot()
        for title in ["Bison", "Chameleon", "Hedgehog"] {
            let (old, new) = (try colour(of: title, in: app, before), try colour(of: title, in: app, after))
            #expect(new > old + 20, "\(title) gains its colour: \(old) → \(new)")
        }
    }

    /// The row: the middle photo in colour, the edges gray; Next moves the next photo to the
    /// middle with a spring that overshoots, and it is then the one in colour.
    @Test func theRowStepsOnePhotoAtATimeWithASpring() throws {
        let app = try AppTester(.photoWall, scene: PhotoRowScene.name, size: Size(width: 1600, height: 700))
        app.settle()
        let row = try #require(app.scrollViews.first)
        #expect(row.currentItem == 0 && row.offset == 0)
        #expect(try #require(app.element("Bison")).frame.midX == 800, "the first photo centred from the first frame")
        var pixels = app.snapshot()
        let first = try colour(of: "Bison", in: app, pixels)
        #expect(first > 20, "the middle photo in colour")
        #expect(try colour(of: "Chameleon", in: app, pixels) < 3, "its neighbour, toward the edge, gray")
        try app.tap("Next")
        var offsets: [Double] = []
        for _ in 0..<90 { app.run(for: 1.0 / 60); offsets.append(row.offset) }
        let step = 480.0 + 24
        #expect(offsets.max()! > step + 1, "a spring overshoots the next photo: \(offsets.max()!)")
        #expect(abs(row.offset - step) < 0.5 && row.currentItem == 1)
        app.settle()
        pixels = app.snapshot()
        #expect(try colour(of: "Chameleon", in: app, pixels) > 20, "the next photo is in colour now")
        // 504 pt from the middle of 1,600: 1 − (504 − 192)/480 = 35 % of its colour left.
        let now = try colour(of: "Bison", in: app, pixels)
        #expect(now < 0.6 * first, "the first is fading toward gray: \(first) → \(now)")
        try app.tap("Previous")
        app.settle()
        #expect(row.currentItem == 0)
    }

    @Test func theAppsScenesAreInItsHelpItsHomeAndItsPlaylists() throws {
        let home = try AppTester(.photoWall, scene: "home", size: Self.size)
        #expect(home.semanticsDump.contains("\"Photo wall\"") && home.semanticsDump.contains("\"Photo row\""), "the home has both cards")
        let good = #"{"entries": [{"scene": "photo-wall", "seconds": 10}]}"#
        #expect(try Playlist.parse(good, catalog: .photoWall).entries.first?.scene == "photo-wall")
        #expect(throws: Playlist.Error.self) { try Playlist.parse(#"{"entries": [{"scene": "gallery", "seconds": 10}]}"#, catalog: .photoWall) }

        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/photo-wall")
        let process = Process()
        process.executableURL = app
        process.arguments = ["--help"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let help = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(help.hasPrefix("Photo Wall: a kiosk photo wall built on Lumen."))
        let scenes = help.split(separator: "\n").drop { $0 != "SCENES" }
        #expect(scenes.contains { $0.hasPrefix("  photo-wall ") && $0.hasSuffix("25 animals in a scrolling grid, with a bar to show them all in colour") },
                "its scene in SCENES")
        #expect(!help.contains("transitions") && !help.contains("curve"), "Lumen's own scenes and tools are not the wall's")
    }
}
