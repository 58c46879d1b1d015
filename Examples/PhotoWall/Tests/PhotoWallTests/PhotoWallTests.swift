import Foundation
import LumenApp
import PhotoWall
import Testing

/// The photo wall through Lumen's public API, as any app would test itself: headless renders,
/// a scripted tap, and the app's own command line.
@Suite struct PhotoWallTests {
    /// A portrait kiosk screen.
    static let size = Size(width: 1080, height: 1920)

    func wall(_ scene: String = PhotoWallScene.name, script: String = "") throws -> (SceneRunner, PixelBuffer) {
        let assets = try #require(LumenApp.assets(for: .photoWall), "Lumen's assets are found")
        let runner = try SceneRunner(scene: scene, in: .photoWall, size: Self.size, assets: assets)
        runner.runHeadless(to: 1, script: try InputScript.parse(script))
        return (runner, runner.snapshot())
    }

    /// How far a pixel is from gray: the spread of its channels (0 to 255).
    func colourfulness(_ p: UInt32) -> Int {
        let c = [Int(p >> 16 & 255), Int(p >> 8 & 255), Int(p & 255)]
        return c.max()! - c.min()!
    }

    /// The mean colourfulness of the middle of each photo of the top row.
    func photoColour(_ runner: SceneRunner, _ pixels: PixelBuffer) throws -> [Double] {
        let frames = runner.tree.root.semanticsElements().filter { $0.semantics.traits.contains(.button) && $0.frame.width > 200 }
        try #require(frames.count == 25, "25 photos, each a button")
        return frames.prefix(3).map { e in
            let f = e.frame.insetBy(dx: e.frame.width / 4, dy: e.frame.height / 4)
            var sum = 0, n = 0
            for y in stride(from: Int(f.minY), to: min(Int(f.maxY), pixels.height), by: 4) {
                for x in stride(from: Int(f.minX), to: Int(f.maxX), by: 4) { sum += colourfulness(pixels[x, y]); n += 1 }
            }
            return n == 0 ? 0 : Double(sum) / Double(n)
        }
    }

    @Test func theWallShowsItsPhotosGrayAtTheTopAndItsBar() throws {
        let (runner, pixels) = try wall()
        #expect(pixels.width == 1080 && pixels.height == 1920)
        // The top row is far from the middle: in black and white (the Color Reveal effect).
        let colour = try photoColour(runner, pixels)
        #expect(colour.allSatisfy { $0 < 3 }, "top row gray: \(colour)")
        // The bar's first button is drawn in the accent colour (0, 122, 255).
        let button = try #require(runner.tree.root.semanticsElements().first { $0.semantics.label == "All in colour" })
        let p = pixels[Int(button.frame.minX) + 6, Int(button.frame.midY)]
        #expect(abs(Int(p >> 16 & 255) - 0) < 12 && abs(Int(p >> 8 & 255) - 122) < 12 && abs(Int(p & 255) - 255) < 12)
    }

    @Test func aTapOnTheBarColoursEveryPhoto() throws {
        let (runner, before) = try wall()
        let button = try #require(runner.tree.root.semanticsElements().first { $0.semantics.label == "All in colour" })
        let x = Int(button.frame.midX), y = Int(button.frame.midY)
        let (tapped, after) = try wall(script: "at 100 mouse-down \(x) \(y)\nat 150 mouse-up \(x) \(y)")
        let (old, new) = (try photoColour(runner, before), try photoColour(tapped, after))
        for i in 0..<3 { #expect(new[i] > old[i] + 20, "photo \(i) gains its colour: \(old[i]) → \(new[i])") }
    }

    @Test func theAppsSceneIsInItsHelpItsHomeAndItsPlaylists() throws {
        let (home, _) = try wall("home")
        #expect(home.tree.root.semanticsDump().contains("\"Photo wall\""), "the home has the wall's card")
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
        #expect(!help.contains("transitions"), "Lumen's own scenes are not the wall's")
    }
}
