import Geometry
import Render
import Testing
import Widgets

@Suite("Invalidation, damage, display lists and semantics")
struct TreeTests {
    @Test func firstFrameDamagesEverythingThenNothing() {
        let tree = Support.layout(Support.box(10, 10), 100, 80)
        let first = tree.frame()
        #expect(first.damage == Rect(x: 0, y: 0, width: 100, height: 80))
        let second = tree.frame()
        #expect(second.damage == nil)
        #expect(!tree.needsFrame)
    }

    @Test func changingAColourDamagesOnlyThatNode() {
        let a = ShapeNode(color: .red), b = ShapeNode(color: .blue)
        let tree = Support.layout(VStack(spacing: 0, [a.frame(width: 50, height: 50), b.frame(width: 50, height: 50)]), 200, 200)
        _ = tree.frame()
        b.fill = .color(.green)
        let (_, damage) = tree.frame()
        #expect(damage == b.windowFrame)
        #expect(damage == Rect(x: 75, y: 100, width: 50, height: 50))
    }

    @Test func settingTheSameValueDoesNothing() {
        let a = ShapeNode(color: .red)
        let tree = Support.layout(a.frame(width: 50, height: 50), 200, 200)
        _ = tree.frame()
        a.fill = .color(.red)
        a.opacity = 1
        #expect(tree.frame().damage == nil)
    }

    @Test func movingANodeDamagesOldAndNewPlaces() {
        let a = ShapeNode(color: .red)
        let holder = a.frame(width: 10, height: 10)
        let tree = Support.layout(Support.fill([holder]), 200, 200)
        _ = tree.frame()
        holder.transform = .translation(100, 0)
        let damage = tree.frame().damage
        #expect(damage == Rect(x: 0, y: 0, width: 110, height: 10))
    }

    @Test func textChangeRelaysOutTheParent() {
        Support.registerFonts()
        let t = TextNode("Hi")
        let stack = VStack([t])
        let tree = Support.layout(stack, 400, 200)
        let before = stack.frame.width
        t.string = "A much longer line of text"
        tree.layout()
        #expect(stack.frame.width > before)
        #expect(t.semantics.label == "A much longer line of text")
    }

    @Test func displayListNestsTransformsClipsAndLayersBalanced() {
        let inner = ShapeNode(color: .red)
        let f = inner.frame(width: 20, height: 20)
        f.clip = .roundedRect(radius: 4, style: .continuous)
        f.opacity = 0.5
        f.layerEffect = .pixelate(blockSize: 4)
        f.shadow = ShadowStyle(radius: 3)
        let tree = Support.layout(ZStack([f]), 100, 100)
        let (list, _) = tree.frame()
        #expect(list.isBalanced)
        var kinds: [String] = []
        for c in list.commands {
            switch c {
            case .shadow: kinds.append("shadow")
            case .pushLayer(.opacity, _): kinds.append("opacity")
            case .pushLayer(.pixelate, _): kinds.append("pixelate")
            case .pushClip: kinds.append("clip")
            case .fill: kinds.append("fill")
            default: break
            }
        }
        // The shadow is inside the opacity layer: it fades with the node that casts it.
        #expect(kinds == ["opacity", "shadow", "pixelate", "clip", "fill"])
    }

    @Test func damageInsideAPixelatedLayerCoversTheLayer() {
        let small = ShapeNode(color: .red)
        let layer = ZStack(alignment: .topLeading, [small.frame(width: 5, height: 5)]).frame(width: 60, height: 60, alignment: .topLeading)
        layer.layerEffect = .pixelate(blockSize: 20)
        let tree = Support.layout(Support.fill([layer]), 100, 100)
        _ = tree.frame()
        small.fill = .color(.blue)
        #expect(tree.frame().damage == Rect(x: 0, y: 0, width: 60, height: 60))
    }

    @Test func semanticsDumpListsLabelsValuesTraitsAndSkipsHidden() {
        Support.registerFonts()
        let title = TextNode("Gallery", style: .largeTitle)
        let button = Tappable().frame(width: 100, height: 40).accessibility(label: "Forest", value: "In full color", traits: [.button])
        let secret = TextNode("Spoiler").accessibility(hidden: true)
        let tree = Support.layout(VStack(spacing: 0, alignment: .leading, [title, button, secret]), 400, 300)
        let dump = tree.semanticsDump()
        let lines = dump.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("header \"Gallery\""))
        #expect(lines[1].hasPrefix("button \"Forest\" value=\"In full color\""))
        #expect(!dump.contains("Spoiler"))
    }

    @Test func imageNodeRedrawsWhenItsAssetLoads() {
        let asset = ImageAsset(name: "later.jpg")
        let node = ImageNode(asset)
        let tree = Support.layout(node.frame(width: 40, height: 30), 100, 100)
        let (loading, _) = tree.frame()
        #expect(!loading.commands.contains { if case .image = $0 { return true } else { return false } })
        asset.resolve(.ready(PixelBufferFixture.solid(8, 6)))
        #expect(tree.needsFrame)
        let (ready, damage) = tree.frame()
        #expect(ready.commands.contains { if case .image = $0 { return true } else { return false } })
        #expect(damage == node.windowFrame)
    }
}

import Pixels
enum PixelBufferFixture {
    static func solid(_ w: Int, _ h: Int) -> PixelBuffer { PixelBuffer(width: w, height: h, fill: 0xFF00_8000) }
}
