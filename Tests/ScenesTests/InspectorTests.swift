@testable import BuiltInScenes
import Geometry
import Input
import LumenTestSupport
import Render
import Testing
import Widgets
@testable import Scenes

@Suite("The inspector edits a scene's settings live")
struct InspectorTests {
    func app(_ scene: String, settings: [String: String] = [:]) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.settings = settings
        let r = try Harness.runner(o, chrome: true)
        r.runHeadless(to: 0)
        r.handle(.key(KeyEvent(.character("i"), time: r.clock.now)))
        _ = r.buildFrame()
        return r
    }

    /// The inspector's control labelled `label`.
    func control<T: Control>(_ type: T.Type, _ label: String, in r: SceneRunner) throws -> T {
        func find(_ n: Node) -> T? {
            if let c = n as? T, c.semantics.label == label { return c }
            return n.children.lazy.compactMap(find).first
        }
        return try #require(find(r.shell.inspector), "no \(T.self) \(label)")
    }

    func drag(_ r: SceneRunner, from a: Point, to b: Point) {
        let t = r.clock.now
        r.handle(.pointer(PointerEvent(phase: .down, location: a, time: t)))
        for i in 1...5 {
            let p = Point(x: a.x + (b.x - a.x) * Double(i) / 5, y: a.y + (b.y - a.y) * Double(i) / 5)
            r.handle(.pointer(PointerEvent(phase: .move, location: p, time: t + Double(i) * 0.016)))
        }
        r.handle(.pointer(PointerEvent(phase: .up, location: b, time: t + 0.1)))
        r.runHeadless(to: r.clock.now + 0.1)
    }

    func key(_ r: SceneRunner, _ k: Key) {
        r.handle(.key(KeyEvent(k, time: r.clock.now)))
        _ = r.buildFrame()
    }

    @Test func iOpensARowPerSettingWithTheCommandLine() throws {
        let r = try app("hero")
        #expect(r.shell.isShowingInspector)
        let dump = r.tree.semanticsDump()
        for name in ["duration", "zoom"] { #expect(dump.contains("adjustable \"\(name)\""), "\(name): \(dump.suffix(1200))") }
        for point in ["topLeading", "bottomTrailing"] { #expect(dump.contains("button \"\(point)\"")) }
        #expect(dump.contains("toggle \"Reduce Motion\" value=\"off\""))
        #expect(r.commandLine == "lumen --scene hero")
        key(r, .character("i"))
        #expect(!r.shell.isShowingInspector)
    }

    /// Rows the inspector no longer shows are freed, with every node of their controls: a
    /// kiosk or a window changes scene all day, and each change builds the rows again.
    @Test func rowsOfTheSceneBeforeAreFreed() {
        final class Weak { weak var node: Node?; init(_ n: Node) { node = n } }
        func nodes(_ n: Node) -> [Node] { [n] + n.children.flatMap(nodes) }
        let inspector = Inspector()
        for scene in SceneCatalog.lumen.all where !scene.declaredSettings.isEmpty {
            var shown: [Weak] = []
            do {
                inspector.show(sceneTitle: scene.name, settings: scene.declaredSettings, values: [:], swiftUI: false)
                shown = nodes(inspector).map(Weak.init)
            }
            inspector.show(sceneTitle: "none", settings: [], values: [:], swiftUI: false)
            let kept = Set(nodes(inspector).map(ObjectIdentifier.init))
            let alive = shown.compactMap(\.node).filter { !kept.contains(ObjectIdentifier($0)) }
            #expect(alive.isEmpty, "\(scene.name): \(alive.count) nodes of its rows outlive them, e.g. \(alive.prefix(4).map { type(of: $0) })")
        }
    }

    /// Dragging the corner radius slider to its end rounds the gallery's photos by 120 pt: the
    /// pixel just inside the first photo's corner turns from photo to page, and the setting, the
    /// semantics and the command line say 120.
    @Test func draggingASliderChangesTheSceneLive() throws {
        let r = try app("gallery")
        let slider = try control(Slider.self, "cornerRadius", in: r)
        let photo = try #require((r.scene as? GalleryScene)?.images.first)
        let photoFrame = photo.windowFrame
        let corner = photoFrame.origin + Point(x: 14, y: 14)
        let before = r.snapshot()[Int(corner.x), Int(corner.y)]
        let f = slider.windowFrame
        drag(r, from: Point(x: f.minX + 11 + (f.width - 22) * 24 / 120, y: f.midY), to: Point(x: f.maxX + 40, y: f.midY))
        #expect(r.sceneSettings["gallery"]?["cornerRadius"] == "120")
        #expect(r.commandLine == "lumen --scene gallery --set cornerRadius=120")
        #expect(r.tree.semanticsDump().contains("adjustable,focused \"cornerRadius\" value=\"120\""), "\(r.tree.semanticsDump().suffix(1500))")
        let newPhoto = try #require((r.scene as? GalleryScene)?.images.first)
        let after = r.snapshot()[Int(corner.x), Int(corner.y)]
        #expect(PixelComparison.close(after, .white), "the corner is cut away now: \(String(after, radix: 16))")
        #expect(!PixelComparison.close(before, .white), "it was photo before: \(String(before, radix: 16))")
        #expect(newPhoto.windowFrame == photoFrame, "the same place")
    }

    @Test func arrowKeysStepAFocusedSlider() throws {
        let r = try app("gallery")
        let slider = try control(Slider.self, "cornerRadius", in: r)
        r.tree.focus(slider)
        key(r, .right)
        key(r, .right)
        #expect(r.sceneSettings["gallery"]?["cornerRadius"] == "26")
        key(r, .home)
        #expect(r.sceneSettings["gallery"]?["cornerRadius"] == "0")
    }

    @Test func everyControlIsReachedByTab() throws {
        let r = try app("gradient")
        var seen: [String] = []
        for _ in 0..<40 {
            key(r, .tab)
            if let c = r.tree.focusedControl, let l = c.semantics.label, r.shell.inspector.isAncestor(of: c) { seen.append(l) }
        }
        for label in ["Decrease bands", "Increase bands", "fallback", "Reduce Motion", "Slow animations", "Reset to defaults", "Copy"] {
            #expect(seen.contains(label), "\(label) in \(Set(seen))")
        }
    }

    @Test func aStepperAChoiceAndATextFieldEachApply() throws {
        let gradient = try app("gradient")
        let plus = try control(Button.self, "Increase bands", in: gradient)
        plus.activate()
        #expect(gradient.sceneSettings["gradient"]?["bands"] == "4")

        let transitions = try app("transitions")
        try control(Button.self, "scale", in: transitions).activate()
        #expect(transitions.tree.semanticsDump().contains("header \"Scale Transition\""))
        #expect(transitions.commandLine == "lumen --scene transitions --set variant=scale")

        let curves = try app("curves")
        let field = try control(TextField.self, "curve", in: curves)
        curves.tree.focus(field)
        for _ in 0..<"easeInOut".count { key(curves, .backspace) }
        key(curves, .character("q"))   // typed, not quitting
        curves.handle(.text(TextEvent("spring(duration=0.5,bounce=0.3)", time: curves.clock.now)))
        key(curves, .enter)
        #expect(!curves.quitRequested)
        #expect(curves.sceneSettings["curves"]?["curve"] == "spring(duration=0.5,bounce=0.3)")
        #expect(curves.commandLine == "lumen --scene curves --set 'curve=spring(duration=0.5,bounce=0.3)'")
        // A spec the setting refuses is not applied (and the field says so with its border).
        for _ in 0..<40 { key(curves, .backspace) }
        curves.handle(.text(TextEvent("wobbly", time: curves.clock.now)))
        key(curves, .enter)
        #expect(curves.sceneSettings["curves"]?["curve"] == "spring(duration=0.5,bounce=0.3)")
    }

    @Test func resetReduceMotionAndCopy() throws {
        let r = try app("hero", settings: ["zoom": "2.2"])
        #expect(r.commandLine == "lumen --scene hero --set zoom=2.2")
        try control(Toggle.self, "Reduce Motion", in: r).activate()
        #expect(r.context.motion.reduceMotion)
        #expect(r.commandLine == "lumen --scene hero --set zoom=2.2 --reduce-motion")
        r.shell.inspector.copy.activate()
        #expect(r.clipboardRequest == "lumen --scene hero --set zoom=2.2 --reduce-motion")
        r.shell.inspector.reset.activate()
        #expect(r.sceneSettings["hero"] == [:])
        #expect(try control(Slider.self, "zoom", in: r).value == 1.6, "the slider shows the default again")
        try control(Toggle.self, "Slow animations", in: r).activate()
        #expect(r.clock.slowdown == 10)
    }

    /// Copy as SwiftUI gives the scene's SwiftUI for the settings the panel shows now; a scene
    /// of Lumen's own has no such button, and says why.
    @Test func copyAsSwiftUI() throws {
        let r = try app("spoiler", settings: ["blockSize": "30"])
        try control(Button.self, "Copy as SwiftUI", in: r).activate()
        let code = try #require(r.clipboardRequest)
        #expect(code.contains(".pixelate(isHidden ? 1 : 0, blockSize: 30)"))
        #expect(code == r.swiftUICode)
        r.set("blockSize", to: "44")
        r.shell.inspector.copySwiftUI.activate()
        #expect(r.clipboardRequest?.contains(".pixelate(isHidden ? 1 : 0, blockSize: 44)") == true)

        let swatches = try app("swatches")
        #expect(swatches.swiftUICode == nil)
        func hasButton(_ n: Node) -> Bool { n === swatches.shell.inspector.copySwiftUI || n.children.contains(where: hasButton) }
        #expect(!hasButton(swatches.shell.inspector), "no Copy as SwiftUI for a scene without SwiftUI")
    }

    /// A change the scene can take in place animates as the scene animates (a smooth spring):
    /// the bundled gallery's photos round their corners over time, and the scene is the same
    /// object; Reduce Motion makes it immediate.
    @Test func aChangeAnimatesInPlaceWhereTheSceneCan() throws {
        let r = try app("gallery")
        let scene = try #require(r.scene as? GalleryScene)
        let photo = try #require(scene.images.first)
        r.set("cornerRadius", to: "120")
        #expect(r.scene === scene, "not rebuilt")
        r.runHeadless(to: r.clock.now + 0.1)
        #expect(photo.image.cornerRadius > 30 && photo.image.cornerRadius < 115, "mid-way: \(photo.image.cornerRadius)")
        r.runHeadless(to: r.clock.now + 2)
        #expect(abs(photo.image.cornerRadius - 120) < 0.5)
        r.context.motion.reduceMotion = true
        r.set("cornerRadius", to: "10")
        #expect(photo.image.cornerRadius == 10, "at once with Reduce Motion")
        // Two settings at once (a reset) build the scene again.
        r.set("aspectRatio", to: "2")
        r.resetSettings()
        #expect(r.scene !== scene)
    }
}
