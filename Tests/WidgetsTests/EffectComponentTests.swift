import Animation
import Geometry
import Render
import Testing
import Widgets
import Pixels

@Suite("Effect components and Reduce Motion")
struct EffectComponentTests {
    func photo() -> ImageAsset { ImageAsset(name: "p", pixels: PixelBuffer(width: 40, height: 30, fill: 0xFF33_6699)) }

    func tree(_ node: Node) -> WidgetTree {
        let t = WidgetTree(root: node.frame(width: 400, height: 300), size: Size(width: 400, height: 300))
        _ = t.frame()
        return t
    }

    func run(_ t: WidgetTree, _ seconds: Double) {
        let end = t.clock.now + seconds
        while t.clock.now < end - 1e-9 { t.clock.advance(by: 1.0 / 60); _ = t.frame() }
    }

    @Test func kenBurnsHoldsStillWithReduceMotionAndMovesWhenItIsTurnedOff() {
        let motion = MotionSettings(reduceMotion: true)
        let k = KenBurnsImage(image: photo(), label: "x", duration: 4, zoom: 1.6, motion: motion)
        let t = tree(k)
        run(t, 2)
        #expect(k.progress == 0 && !t.clock.isAnimating)
        motion.reduceMotion = false
        run(t, 2)
        #expect(abs(k.progress - 0.5) < 0.02, "half way through a 4 s pass after 2 s: \(k.progress)")
        run(t, 2)
        #expect(k.progress > 0.99)
        run(t, 2)
        #expect(k.progress < 0.51, "and back again (autoreverse)")
    }

    @Test func pixelateJumpsAtOneHalfWithReduceMotion() {
        let motion = MotionSettings(reduceMotion: true)
        let p = ShapeNode(color: .red).pixelate(1, motion: motion)
        let t = tree(p)
        withAnimation(.linear(duration: 1)) { p.amount = 0 }
        run(t, 0.4)
        #expect(p.currentBlockSize == 22, "still blocks at amount 0.6")
        run(t, 0.2)
        #expect(p.currentBlockSize == 1 && p.layerEffect == nil, "gone below 0.5, no layer")
        #expect(!p.semantics.hidden, "no longer a secret")
    }

    @Test func colorRevealTapIsInstantWithReduceMotion() {
        let motion = MotionSettings(reduceMotion: true)
        let c = ColorRevealImage(image: photo(), title: "T", motion: motion)
        let t = tree(c)
        c.toggle()
        #expect(c.revealAmount == 1 && c.image.saturation == 1)
        #expect(c.button.semantics.value == "In full color")
        motion.reduceMotion = false
        c.toggle()
        #expect(c.revealAmount == 1, "fading out over 0.5 s")
        run(t, 0.6)
        #expect(c.revealAmount == 0 && c.image.saturation == 0, "gray again: outside a scroll view colour does not follow")
    }

    @Test func derivedGradientFadesOverTheOldOneOrJumpsWithReduceMotion() {
        for reduce in [false, true] {
            let motion = MotionSettings(reduceMotion: reduce)
            let g = DerivedGradientBackground(image: photo(), motion: motion)
            let t = tree(g)
            t.background.waitAndDeliver()
            _ = t.frame()
            let front = g.children[1]
            if reduce {
                #expect(front.opacity == 1 && !t.clock.isAnimating)
            } else {
                #expect(front.opacity < 0.1, "the new gradient starts transparent over the old")
                run(t, 0.9)
                #expect(front.opacity == 1)
            }
            #expect(g.colors.count == 3 && g.colors[0] != Color.indigo)
        }
    }
}
