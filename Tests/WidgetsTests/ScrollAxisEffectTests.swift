import Animation
import Geometry
import Pixels
import Render
import Testing
import Widgets

/// Scroll-driven effects read their place along their scroll view's own axis: the same row of
/// photos or cards, down a vertical list and across a horizontal one.
@Suite("Scroll-driven effects on both axes")
struct ScrollAxisEffectTests {
    static func photo() -> ImageAsset { ImageAsset(name: "p", pixels: PixelBuffer(width: 40, height: 30, fill: 0xFF33_6699)) }

    /// Five 300 × 300 items in a 900 × 900 scroll view along `axis`, the middle one (index 2)
    /// centred by a jump.
    static func row(_ axis: Axis, _ items: [Node]) -> (WidgetTree, ScrollView) {
        let framed = items.map { $0.frame(width: 300, height: 300) }
        let stack: Node = axis == .horizontal ? HStack(spacing: 0, framed) : VStack(spacing: 0, framed)
        let scroll = ScrollView(axis: axis, stack)
        let tree = WidgetTree(root: scroll.frame(width: 900, height: 900), size: Size(width: 900, height: 900))
        _ = tree.frame()
        scroll.scroll(to: 300)
        _ = tree.frame()
        return (tree, scroll)
    }

    @Test(arguments: [Axis.horizontal, .vertical])
    func colorRevealIsInColourInTheMiddleAndGrayAtTheEdges(axis: Axis) {
        let photos = (0..<5).map { ColorRevealImage(image: Self.photo(), title: "\($0)") }
        _ = Self.row(axis, photos)
        // Item 2 is centred (distance 0); items 1 and 3 are 300 pt off (1 − (300 − 108)/270 ≈ 0.29);
        // items 0 and 4 are 600 pt off, past the 12 % + 30 % of 900 pt: gray.
        #expect(photos[2].scrollSaturation == 1)
        #expect(abs(photos[1].scrollSaturation - (1 - (300 - 108) / 270.0)) < 1e-9)
        #expect(abs(photos[3].scrollSaturation - photos[1].scrollSaturation) < 1e-9)
        #expect(photos[0].scrollSaturation == 0 && photos[4].scrollSaturation == 0)
        #expect(photos[2].image.saturation == 1 && photos[0].image.saturation == 0, "drawn as computed")
    }

    @Test(arguments: [Axis.horizontal, .vertical])
    func colorRevealFollowsTheScrollAlongItsAxis(axis: Axis) {
        let photos = (0..<5).map { ColorRevealImage(image: Self.photo(), title: "\($0)") }
        let (tree, scroll) = Self.row(axis, photos)
        scroll.scroll(to: 600)
        _ = tree.frame()
        #expect(photos[3].scrollSaturation == 1 && photos[2].scrollSaturation < 0.5, "the colour moved with the scroll")
    }

    @Test(arguments: [Axis.horizontal, .vertical])
    func scrollTransitionsShrinkTheEdgesAlongTheAxis(axis: Axis) {
        let cards = (0..<5).map { _ in
            ShapeNode(color: .red).scrollTransition(.interactive(threshold: .centered)) { phase in
                TransitionEffect(scale: phase.isIdentity ? 1 : 0.5)
            }
        }
        _ = Self.row(axis, cards)
        #expect(cards[2].phase.isIdentity, "centred: identity")
        #expect(!cards[1].phase.isIdentity && cards[1].phase.value < 0, "before the middle: top or leading")
        #expect(!cards[3].phase.isIdentity && cards[3].phase.value > 0, "after the middle: bottom or trailing")
        #expect(cards[2].content.transform == .identity && cards[3].content.transform != .identity)
    }

    @Test func aPlacementIsMeasuredAlongTheViewsAxis() {
        let box = ShapeNode(color: .red)
        let items = [ShapeNode(color: .blue), box].map { $0.frame(width: 300, height: 300) }
        let scroll = ScrollView(axis: .horizontal, HStack(spacing: 0, items))
        let tree = WidgetTree(root: scroll.frame(width: 500, height: 300), size: Size(width: 500, height: 300))
        _ = tree.frame()
        let p = box.scrollPlacement
        #expect(p == ScrollPlacement(axis: .horizontal, span: 300...600, viewportLength: 500))
        #expect(p?.distanceFromCenter == -200)
    }
}
