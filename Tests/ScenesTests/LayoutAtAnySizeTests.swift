@testable import BuiltInScenes
import Geometry
import Input
import LumenTestSupport
import Render
import Testing
import Widgets
import Scenes

/// Every scene and the home, under the navigation bar, from a portrait kiosk to a 4K desktop.
@Suite("Layouts hold at any size")
struct LayoutAtAnySizeTests {
    static let sizes = [Size(width: 360, height: 640), Size(width: 640, height: 400),
                        Size(width: 1280, height: 800), Size(width: 3840, height: 2160)]
    static let scenes = SceneCatalog.lumen.names

    func app(_ scene: String, _ size: Size) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.size = size
        let r = try Harness.runner(o, chrome: true)
        r.tree.layout()
        return r
    }

    /// Visible nodes of `type` with their window frames (clipped by their clipping ancestors).
    func visible<T: Node>(_ type: T.Type, in r: SceneRunner) -> [(T, Rect)] {
        var out: [(T, Rect)] = []
        let window = Rect(size: r.tree.size)
        func visit(_ n: Node) {
            guard !n.isHidden, n.opacity > 0 else { return }
            if let t = n as? T {
                let f = n.windowFrame.intersection(n.windowClip ?? window).intersection(window)
                if !f.isEmpty { out.append((t, f)) }
            }
            n.children.forEach(visit)
        }
        visit(r.tree.root)
        return out
    }

    @Test(arguments: scenes)
    func noWordIsBrokenThatFitsOnItsLine(scene: String) throws {
        for size in Self.sizes {
            let r = try app(scene, size)
            for (text, _) in visible(TextNode.self, in: r) where !text.string.isEmpty && text.font.family != Font.iconFamily {
                // A word wider than the window itself may break; any other may not.
                guard text.minimumWidth <= size.width - 32 else { continue }
                #expect(text.frame.width + 0.5 >= text.minimumWidth,
                        "\(scene) at \(size): \"\(text.string)\" is \(text.frame.width) pt wide, its widest word \(text.minimumWidth)")
            }
        }
    }

    @Test(arguments: scenes)
    func noTwoControlsOverlap(scene: String) throws {
        for size in Self.sizes {
            let r = try app(scene, size)
            let buttons = visible(Button.self, in: r).filter { !$0.0.semantics.hidden }
            for (i, a) in buttons.enumerated() {
                for b in buttons[(i + 1)...] where !a.0.isAncestor(of: b.0) && !b.0.isAncestor(of: a.0) {
                    let overlap = a.1.intersection(b.1)
                    #expect(overlap.width < 1 || overlap.height < 1,
                            "\(scene) at \(size): \"\(a.0.title)\" \(a.1) overlaps \"\(b.0.title)\" \(b.1)")
                }
            }
        }
    }

    /// The transitions picker shows every variant's name whole at every size (it scrolls
    /// sideways when the window is narrow).
    @Test func theTransitionsPickerShowsEveryNameWhole() throws {
        for size in Self.sizes {
            let r = try app("transitions", size)
            let t = try #require(r.scene as? TransitionsScene)
            for segment in t.segments {
                let label = try #require(segment.titleLabel)
                #expect(label.layout(width: label.frame.width).lineCount == 1, "\(size): \(segment.title) on one line")
                #expect(label.frame.width + 0.5 >= label.layout(width: nil).size.width, "\(size): \(segment.title) whole")
            }
        }
    }

    /// In a window too narrow for all seven, the chosen variant's segment is scrolled into view:
    /// interactive-3d (the last) at the start, scale (the second) after key 2.
    @Test func theChosenVariantIsInViewInANarrowWindow() throws {
        let r = try app("transitions", Size(width: 360, height: 640))
        r.runHeadless(to: 0.1)
        let t = try #require(r.scene as? TransitionsScene)
        func inView(_ i: Int) -> Bool { let f = t.segments[i].windowFrame; return f.minX >= 0 && f.maxX <= 360 }
        #expect(inView(6), "interactive-3d: \(t.segments[6].windowFrame)")
        r.handle(.key(KeyEvent(.character("2"), time: r.clock.now)))
        r.runHeadless(to: r.clock.now + 0.1)
        #expect(inView(1), "scale: \(t.segments[1].windowFrame)")
    }
}
