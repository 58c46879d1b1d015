@testable import App
import BuiltInScenes
import Scenes
import SystemSupport
import Testing

/// An app's command line is its own: Lumen's tools only where it offers them, its first scene
/// without `--scene`, its keys as it has them, its name on every message.
@Suite struct AppCommandTests {
    static let kiosk = SceneCatalog(title: "Menu Board", command: "menu-board", summary: "a café's menu",
                                    sections: [.init("Boards", [HeroScene.self, GalleryScene.self])],
                                    hasHome: false, hasInspector: false)

    func error(_ args: [String], _ catalog: SceneCatalog) -> String? {
        do { _ = try OptionsParser.parse(args, catalog: catalog); return nil } catch { return error.message }
    }

    @Test func lumensToolsBelongToLumen() throws {
        #expect(error(["curve", "easeIn"], Self.kiosk) == "unknown command 'curve' (expected render, record, bench, status or screenshot; see --help)")
        #expect(error(["--print-swiftui"], Self.kiosk) == "unknown option '--print-swiftui' (see --help)")
        #expect(error(["curve", "easeIn"], .lumen) == nil && error(["--print-swiftui", "--scene", "hero"], .lumen) == nil)
        let help = Usage.text(catalog: Self.kiosk)
        #expect(help.hasPrefix("Menu Board: a café's menu."))
        for absent in ["curve", "--print-swiftui", "(home)", "the inspector", "back to the home screen", "  home "] {
            #expect(!help.contains(absent), "no \(absent) in the kiosk's --help")
        }
        #expect(help.contains("menu-board render"))
        #expect(help.contains("Opens a window on the app's first scene") && !help.contains("on the home screen"), "no home to open on")
        #expect(help.split(separator: "\n").contains { $0.hasPrefix("  --scene NAME") && $0.hasSuffix("default hero") },
                "the first scene is the default")
        let lumen = Usage.text(catalog: .lumen)
        for present in ["lumen curve", "--print-swiftui", "(home)", "the inspector"] { #expect(lumen.contains(present)) }
        #expect(!ManPage.text(catalog: Self.kiosk).contains("curve"))
    }

    @Test func withoutSceneTheFirstSceneOpens() throws {
        guard case .window(let o) = try OptionsParser.parse([], catalog: Self.kiosk) else { Issue.record(); return }
        #expect(o.scene.scene == "hero")
        #expect(error(["--scene", "home"], Self.kiosk) == "unknown scene 'home' (scenes: hero, gallery)")
    }

    @Test func messagesCarryTheAppsName() {
        let before = StandardError.programName
        defer { StandardError.programName = before }
        StandardError.programName = "menu-board"
        #expect(StandardError.programName == "menu-board")
    }
}
