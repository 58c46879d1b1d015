import BuiltInScenes
import Testing
@testable import App

/// The command line Lumen starts again with when the last display went away.
@Suite("Starting again")
struct SelfRestartTests {
    @Test func theScriptIsNotPlayedTwiceAndTheSceneComesBack() throws {
        let again = SelfRestart.arguments(["--script", "in.txt", "--kiosk", "--scene", "home", "--exit-after", "4"],
                                          resuming: ["--scene", "gallery", "--scroll", "180.0"])
        #expect(again == ["--kiosk", "--scene", "home", "--exit-after", "4", "--scene", "gallery", "--scroll", "180.0"])
        // Later flags win, so the new start shows the gallery scrolled to 180 points.
        guard case .window(let o) = try OptionsParser.parse(again, catalog: .lumen) else { Issue.record("not a window"); return }
        #expect(o.scene.scene == "gallery" && o.scene.scroll == 180 && o.script == nil)
    }
}
