import Geometry
import Render
import Testing
import Widgets

@Suite("Layout: stacks, frames, padding, aspect ratio, overlay")
struct LayoutTests {
    @Test func vstackStacksWithSpacingAndAlignment() {
        let a = Support.box(100, 20), b = Support.box(50, 30)
        let stack = VStack(spacing: 10, alignment: .leading, [a, b])
        Support.layout(stack, 400, 300)
        #expect(stack.frame == Rect(x: 150, y: 120, width: 100, height: 60))
        #expect(a.frame == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(b.frame == Rect(x: 0, y: 30, width: 50, height: 30))
    }

    @Test func hstackCentresVerticallyByDefault() {
        let a = Support.box(100, 20), b = Support.box(50, 40)
        let stack = HStack(spacing: 5, [a, b])
        Support.layout(stack, 155, 40)
        #expect(a.frame == Rect(x: 0, y: 10, width: 100, height: 20))
        #expect(b.frame == Rect(x: 105, y: 0, width: 50, height: 40))
    }

    @Test func spacerTakesTheRest() {
        let a = Support.box(100, 20), s = Spacer(), b = Support.box(50, 20)
        let stack = HStack(spacing: 0, [a, s, b])
        Support.layout(stack.frame(maxWidth: .infinity), 400, 20)
        #expect(stack.frame.width == 400)
        #expect(b.frame.minX == 350)
        #expect(s.frame.width == 250)
    }

    @Test func flexibleChildrenShareEqually() {
        let a = ShapeNode(color: .red), b = ShapeNode(color: .blue)
        let stack = VStack(spacing: 0, [a, b])
        Support.layout(stack, 100, 300)
        #expect(a.frame.height == 150 && b.frame.height == 150)
        #expect(a.frame.width == 100)
    }

    @Test func paddingInsetsTheChild() {
        let box = Support.box(40, 40)
        let padded = box.padding(Insets(top: 1, leading: 2, bottom: 3, trailing: 4))
        Support.layout(padded, 100, 100)
        #expect(padded.frame.size == Size(width: 46, height: 44))
        #expect(box.frame.origin == Point(x: 2, y: 1))
    }

    @Test func frameMaxInfinityTakesTheOfferAndAligns() {
        let box = Support.box(40, 20)
        let f = box.frame(maxWidth: .infinity, alignment: .leading)
        Support.layout(VStack([f]), 300, 100)
        #expect(f.frame.width == 300)
        #expect(box.frame.minX == 0)
        let g = Support.box(40, 20).frame(maxWidth: .infinity, alignment: .trailing)
        Support.layout(g, 300, 100)
        #expect(g.children[0].frame.minX == 260)
    }

    @Test func fixedFrameOverridesTheChild() {
        let f = ShapeNode(color: .red).frame(width: 30, height: 70)
        Support.layout(f, 500, 500)
        #expect(f.frame.size == Size(width: 30, height: 70))
        #expect(f.children[0].frame.size == Size(width: 30, height: 70))
    }

    @Test func frameMinAndMaxClampTheOffer() {
        #expect(Frame.resolve(fixed: nil, min: 100, max: 200, proposal: 500, child: 10) == 200)
        #expect(Frame.resolve(fixed: nil, min: 100, max: 200, proposal: 50, child: 10) == 100)
        #expect(Frame.resolve(fixed: nil, min: nil, max: .infinity, proposal: .infinity, child: 42) == 42)
        #expect(Frame.resolve(fixed: nil, min: nil, max: nil, proposal: 500, child: 42) == 42)
    }

    @Test func aspectRatioFitsAndFills() {
        #expect(AspectRatio.size(ratio: 4.0 / 3, mode: .fit, proposal: ProposedSize(width: 400, height: 600)) == Size(width: 400, height: 300))
        #expect(AspectRatio.size(ratio: 4.0 / 3, mode: .fill, proposal: ProposedSize(width: 400, height: 600)) == Size(width: 800, height: 600))
        #expect(AspectRatio.size(ratio: 2, mode: .fit, proposal: ProposedSize(width: nil, height: 50)) == Size(width: 100, height: 50))
        let card = ShapeNode(color: .red).aspectRatio(4.0 / 3)
        Support.layout(VStack([card]), 600, 1000)
        #expect(card.frame.size == Size(width: 600, height: 450))
    }

    @Test func overlayAndBackgroundTakeThePrimarySize() {
        let bg = ShapeNode(color: .blue), overlay = Support.box(10, 10)
        let primary = Support.box(100, 50)
        let d = primary.background(bg).overlay(overlay, alignment: .bottomTrailing)
        Support.layout(d, 300, 300)
        #expect(d.frame.size == Size(width: 100, height: 50))
        #expect(bg.frame == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(overlay.frame.origin == Point(x: 90, y: 40))
    }

    @Test func zstackIsAsLargeAsItsLargestChild() {
        let z = ZStack(alignment: .topLeading, [Support.box(10, 80), Support.box(60, 20)])
        Support.layout(z, 300, 300)
        #expect(z.frame.size == Size(width: 60, height: 80))
    }

    @Test func textWrapsToTheOfferedWidth() {
        Support.registerFonts()
        let t = TextNode("Rivera wins the final in the last minute, after trailing for the whole second half.")
        let natural = t.sizeThatFits(.unspecified)
        let wrapped = t.sizeThatFits(ProposedSize(width: 200, height: nil))
        #expect(wrapped.width <= 200)
        #expect(wrapped.height > natural.height * 2)
        #expect(TextNode("A", style: .largeTitle).sizeThatFits(.unspecified).height > TextNode("A", style: .caption).sizeThatFits(.unspecified).height)
    }

    @Test func imageFillCropsTheSourceInsteadOfOverflowing() {
        let (src, dst) = ImageNode.placement(imageSize: Size(width: 1600, height: 900), bounds: Rect(x: 0, y: 0, width: 400, height: 300), mode: .fill)
        #expect(dst == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(abs(src.height - 900) < 1e-9)
        #expect(abs(src.width - 1200) < 1e-9)
        #expect(abs(src.minX - 200) < 1e-9)
        let (_, fitDst) = ImageNode.placement(imageSize: Size(width: 1600, height: 900), bounds: Rect(x: 0, y: 0, width: 400, height: 300), mode: .fit)
        #expect(abs(fitDst.height - 225) < 1e-9 && abs(fitDst.minY - 37.5) < 1e-9)
    }
}

@Suite("Root placement")
struct RootPlacementTests {
    @Test func aRootThatFitsIsCentredOneTooLargeIsPinnedTopLeading() {
        let small = Support.box(100, 50)
        Support.layout(small, 300, 150)
        #expect(small.frame.origin == Point(x: 100, y: 50))
        let large = Support.box(500, 50)
        Support.layout(large, 300, 150)
        #expect(large.frame.origin == Point(x: 0, y: 50))
    }
}
