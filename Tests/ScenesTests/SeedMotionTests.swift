@testable import BuiltInScenes
import Geometry
import LumenTestSupport
import Render
import Testing
import Widgets
import Scenes

@Suite("Motion details of the seeds")
struct SeedMotionTests {
    /// Seed 001 toggles inside `withAnimation(.easeInOut(duration: 0.8))`, so the button's
    /// label and icon cross-fade with the blocks: mid-way both labels show, half faded; at the
    /// end only the new one.
    @Test func theSpoilerButtonsLabelCrossFades() throws {
        var o = SceneOptions()
        o.scene = "spoiler"
        let r = try Harness.runner(o)
        r.runHeadless(to: 0.5)
        let scene = try #require(r.scene as? SpoilerScene)
        scene.toggle()
        #expect(scene.button.semantics.label == "Hide Again", "the new label at once for screen readers")
        r.runHeadless(to: r.clock.now + 0.4)
        func rows() -> [Node] { scene.button.child.children }
        #expect(rows().count == 2, "the old and the new label, both there mid-way")
        let opacities = rows().map(\.opacity)
        #expect(opacities.allSatisfy { $0 > 0.05 && $0 < 0.95 }, "both half faded: \(opacities)")
        #expect(abs(opacities.reduce(0, +) - 1) < 0.05, "one fading out as the other fades in: \(opacities)")
        r.runHeadless(to: r.clock.now + 1)
        #expect(rows().count == 1 && rows()[0].opacity > 0.999, "only the new label at the end: \(rows().map(\.opacity))")
        let texts = rows()[0].children.first?.children.compactMap { ($0 as? TextNode)?.string } ?? []
        #expect(texts.contains("Hide Again") && texts.contains(Icon.eyeSlash.text), "\(texts)")
    }
}
