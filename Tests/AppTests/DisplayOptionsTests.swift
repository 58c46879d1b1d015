import BuiltInScenes
import Foundation
import Geometry
import Testing
@testable import App

/// `--display` given again: a window on each display, each with its own content.
@Suite("Command line: several displays")
struct DisplayOptionsTests {
    func parse(_ args: [String]) throws -> WindowOptions {
        guard case .window(let o) = try OptionsParser.parse(args, catalog: .lumen) else { throw CocoaError(.coderInvalidValue) }
        return o
    }

    func error(_ args: [String]) -> String? {
        do { _ = try OptionsParser.parse(args, catalog: .lumen); return nil } catch { return error.message }
    }

    @Test func eachDisplayHasItsOwnContentAndTheProcessItsOwnOptions() throws {
        let playlist = FileManager.default.temporaryDirectory.appendingPathComponent("display-options-\(getpid()).json").path
        try #"{"entries": [{"scene": "gallery", "seconds": 20}]}"#.write(toFile: playlist, atomically: true, encoding: .utf8)
        let o = try parse(["--idle", "5", "--display", "0", "--scene", "hero", "--rotate", "90", "--trace", "a.csv",
                           "--display", "1", "--playlist", playlist, "--kiosk", "--exit-after", "30", "--images", "/photos"])
        try #require(o.otherDisplays.count == 1)
        let second = o.otherDisplays[0]
        #expect(o.display == 0 && o.scene.scene == "hero" && o.rotation == .quarter && o.trace == "a.csv" && o.playlist == nil)
        #expect(second.display == 1 && second.playlist?.path == playlist && second.rotation == .none && second.trace == nil)
        #expect(second.scene.images == ["/photos"] && o.scene.images.isEmpty, "--images is the display's")
        // The process's options, given anywhere, are every display's.
        for w in [o, second] { #expect(w.scene.kiosk && w.exitAfter == 30 && w.scene.idleTimeout == 5) }
        #expect(second.otherDisplays.isEmpty)
    }

    @Test func whatComesBeforeTheFirstDisplayIsEveryDisplaysToStartFrom() throws {
        let o = try parse(["--kiosk", "--scene", "gallery", "--rotate", "180", "--display", "1", "--display", "0", "--scene", "hero"])
        #expect(o.display == 1 && o.scene.scene == "gallery" && o.rotation == .half)
        #expect(o.otherDisplays.map(\.display) == [0] && o.otherDisplays[0].scene.scene == "hero" && o.otherDisplays[0].rotation == .half)
    }

    @Test func oneDisplayIsAsBefore() throws {
        let o = try parse(["--kiosk", "--display", "1", "--scene", "hero"])
        #expect(o.display == 1 && o.scene.scene == "hero" && o.otherDisplays.isEmpty)
    }

    @Test func eachDisplaysContentIsCheckedAndADisplayTwiceIsRefused() {
        #expect(error(["--kiosk", "--display", "0", "--scene", "hero", "--display", "0", "--scene", "gallery"])
                == "--display 0 is given twice: give each display once")
        #expect(error(["--kiosk", "--display", "0", "--display", "1", "--scene", "nope"])?.hasPrefix("unknown scene 'nope'") == true)
        #expect(error(["--kiosk", "--display", "0", "--scene", "hero", "--display", "1", "--scene", "gallery", "--playlist", "x.json"])
                == "--scene and --playlist both say what to show: give one")
    }
}
