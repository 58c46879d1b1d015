import Animation
import Geometry
import Input
import Render
import Testing
import Widgets

/// A tree with a vertical scroll view of `rows` 100-pt rows, each holding a 200×60 button.
struct ListFixture {
    let tree: WidgetTree
    let scroll: ScrollView
    let lazy: LazyStack
    var taps: [Int: Int] { box.taps }
    let box = TapBox()

    final class TapBox { var taps: [Int: Int] = [:] }

    init(rows: Int = 100, size: Size = Size(width: 400, height: 600)) {
        let box = self.box
        lazy = LazyStack(count: rows, estimatedLength: 100, lengthHint: { _ in 100 }) { i in
            let b = Button("Row \(i)") { box.taps[i, default: 0] += 1 }
            return b.frame(width: 200, height: 60).frame(maxWidth: .infinity, alignment: .leading).frame(height: 100)
        }
        scroll = ScrollView(lazy)
        tree = WidgetTree(root: scroll.frame(maxWidth: .infinity, maxHeight: .infinity), size: size)
        _ = tree.frame()
    }

    func button(_ i: Int) -> Button? {
        guard let n = lazy.node(at: i) else { return nil }
        func find(_ n: Node) -> Button? { (n as? Button) ?? n.children.lazy.compactMap(find).first }
        return find(n)
    }

    /// Advances the clock by `seconds` in 60 Hz frames.
    func run(_ seconds: Double) {
        let end = tree.clock.now + seconds
        while tree.clock.now < end - 1e-9 { tree.clock.advance(by: 1.0 / 60); _ = tree.frame() }
    }

    func send(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, id: Int = 0, kind: PointerKind = .mouse) {
        tree.handle(.pointer(PointerEvent(id: id, kind: kind, phase: phase, location: Point(x, y), time: tree.clock.now)))
    }

    /// A drag from (x, y0) to (x, y1) over `seconds`, one move per 60 Hz frame.
    func drag(x: Double, from y0: Double, to y1: Double, seconds: Double, id: Int = 0, kind: PointerKind = .touch, release: Bool = true) {
        send(.down, x, y0, id: id, kind: kind)
        let steps = max(Int(seconds * 60), 1)
        for s in 1...steps {
            tree.clock.advance(by: 1.0 / 60)
            send(.move, x, y0 + (y1 - y0) * Double(s) / Double(steps), id: id, kind: kind)
            _ = tree.frame()
        }
        if release { send(.up, x, y1, id: id, kind: kind) }
    }
}

@Suite("Buttons, gestures, scrolling and focus with synthetic events")
struct GestureTests {
    @Test func aTapFiresOnce() {
        let f = ListFixture()
        let c = f.button(0)!.windowFrame.center
        f.send(.down, c.x, c.y)
        #expect(f.button(0)?.isPressed == true)
        f.send(.up, c.x + 2, c.y + 1)
        #expect(f.taps == [0: 1])
        #expect(f.button(0)?.isPressed == false)
    }

    @Test func movingOutOfTheButtonCancels() {
        let f = ListFixture()
        let c = f.button(0)!.windowFrame.center
        f.send(.down, c.x, c.y, kind: .touch)
        #expect(f.button(0)?.isPressed == true)
        f.send(.move, c.x + 250, c.y, kind: .touch) // sideways, out of the button; no horizontal scroll view
        #expect(f.button(0)?.isPressed == false)
        f.send(.up, c.x, c.y, kind: .touch)
        #expect(f.taps.isEmpty)
    }

    @Test func dragPastTheSlopCancelsThePressAndScrolls() {
        let f = ListFixture()
        f.drag(x: 50, from: 300, to: 100, seconds: 0.5, kind: .touch, release: false)
        #expect(f.taps.isEmpty)
        #expect(f.button(3)?.isPressed == false)
        // 200 pt of movement minus the 18 pt slop taken before the drag began (within a frame's step).
        #expect(f.scroll.offset > 170 && f.scroll.offset <= 200, "offset \(f.scroll.offset)")
        f.send(.up, 50, 100, kind: .touch)
        #expect(f.taps.isEmpty)
    }

    @Test func belowTheSlopItIsStillATap() {
        let f = ListFixture()
        let c = f.button(0)!.windowFrame.center
        f.send(.down, c.x, c.y - 5, kind: .touch)
        f.send(.move, c.x, c.y + 5, kind: .touch) // 10 pt < 18 pt touch slop
        f.send(.up, c.x, c.y + 5, kind: .touch)
        #expect(f.taps == [0: 1] && f.scroll.offset == 0)
        let m = ListFixture()
        m.send(.down, c.x, c.y - 5)
        m.send(.move, c.x, c.y + 5) // 10 pt > 4 pt mouse slop: a drag
        m.send(.up, c.x, c.y + 5)
        #expect(m.taps.isEmpty)
    }

    @Test func aSecondFingerDoesNotBreakTheFirst() {
        let f = ListFixture()
        f.send(.down, 300, 500, id: 1, kind: .touch)
        f.send(.move, 300, 450, id: 1, kind: .touch)
        f.send(.move, 300, 400, id: 1, kind: .touch)
        let before = f.scroll.offset
        // Finger 2 goes down, moves the other way, lifts.
        f.send(.down, 320, 100, id: 2, kind: .touch)
        f.send(.move, 320, 300, id: 2, kind: .touch)
        f.send(.up, 320, 300, id: 2, kind: .touch)
        #expect(f.scroll.offset == before, "finger 2 changed nothing")
        f.send(.move, 300, 300, id: 1, kind: .touch)
        #expect(abs(f.scroll.offset - (before + 100)) < 1e-9, "finger 1 still drives 1:1")
        f.send(.up, 300, 300, id: 1, kind: .touch)
        #expect(f.taps.isEmpty)
    }

    @Test func aFlingDecaysAndStopsInsideTheBounds() {
        let f = ListFixture(rows: 200)
        f.drag(x: 300, from: 500, to: 200, seconds: 0.1)
        let released = f.scroll.offset
        #expect(f.scroll.phase == .momentum)
        f.run(0.5)
        let mid = f.scroll.offset
        f.run(6)
        #expect(mid > released && f.scroll.offset > mid)
        #expect(f.scroll.phase == .idle)
        #expect(f.scroll.range.contains(f.scroll.offset))
        #expect(!f.tree.clock.isAnimating)
    }

    @Test func aTouchCatchesAFlingWithoutTapping() {
        let f = ListFixture(rows: 200)
        f.drag(x: 300, from: 500, to: 200, seconds: 0.1)
        f.run(0.1)
        let at = f.scroll.offset
        f.send(.down, 50, 300, kind: .touch)
        f.send(.up, 50, 300, kind: .touch)
        #expect(f.taps.isEmpty, "the touch stopped the list, it did not press a row")
        f.run(1)
        #expect(abs(f.scroll.offset - at) < 1e-9)
    }

    @Test func draggingPastTheTopRubberBandsAndSpringsBack() {
        let f = ListFixture()
        f.drag(x: 300, from: 100, to: 400, seconds: 0.5, release: false)
        #expect(f.scroll.offset < 0 && f.scroll.offset > -282, "shown \(f.scroll.offset) for ~282 pt of pull")
        let expected = -ScrollPhysics.rubberBand(400 - 100 - 18, dimension: 600)
        #expect(abs(f.scroll.offset - expected) < 12)
        f.send(.up, 300, 400, kind: .touch)
        f.run(2)
        #expect(f.scroll.offset == 0 && f.scroll.phase == .idle)
    }

    @Test func wheelNotchesEaseAndAccumulate() {
        let f = ListFixture()
        f.tree.handle(.wheel(WheelEvent(delta: Point(0, -1), location: Point(100, 100), time: f.tree.clock.now)))
        f.run(0.05)
        #expect(f.scroll.offset > 0 && f.scroll.offset < 60)
        f.tree.handle(.wheel(WheelEvent(delta: Point(0, -1), location: Point(100, 100), time: f.tree.clock.now)))
        f.run(0.2)
        #expect(abs(f.scroll.offset - 120) < 1e-9, "two notches, 60 pt each")
        f.tree.handle(.wheel(WheelEvent(delta: Point(0, 0.5), isPrecise: true, location: Point(100, 100), time: f.tree.clock.now)))
        #expect(abs(f.scroll.offset - 90) < 1e-9, "precise deltas move at once")
    }

    @Test func keysScroll() {
        let f = ListFixture()
        f.tree.handle(.key(KeyEvent(.end, time: f.tree.clock.now)))
        f.run(0.5)
        #expect(f.scroll.offset == f.scroll.range.upperBound)
        f.tree.handle(.key(KeyEvent(.pageUp, time: f.tree.clock.now)))
        f.run(0.5)
        #expect(abs(f.scroll.offset - (f.scroll.range.upperBound - 560)) < 1e-9)
        f.tree.handle(.key(KeyEvent(.up, time: f.tree.clock.now)))
        f.run(0.5)
        #expect(abs(f.scroll.offset - (f.scroll.range.upperBound - 600)) < 1e-9)
        f.tree.handle(.key(KeyEvent(.home, time: f.tree.clock.now)))
        f.run(0.5)
        #expect(f.scroll.offset == 0)
    }

    @Test func tabMovesFocusAndSpaceOrReturnActivates() {
        let f = ListFixture()
        f.tree.handle(.key(KeyEvent(.tab, time: 0)))
        #expect(f.tree.focusedButton === f.button(0))
        #expect(f.button(0)?.semantics.traits.contains(.focused) == true)
        f.tree.handle(.key(KeyEvent(.tab, time: 0)))
        #expect(f.tree.focusedButton === f.button(1))
        f.tree.handle(.key(KeyEvent(.space, time: 0)))
        f.tree.handle(.key(KeyEvent(.enter, time: 0)))
        #expect(f.taps == [1: 2])
        f.tree.handle(.key(KeyEvent(.tab, shift: true, time: 0)))
        #expect(f.tree.focusedButton === f.button(0))
        // The focus ring is drawn: a stroke in the display list.
        let (list, _) = f.tree.frame()
        #expect(list.commands.contains { if case .stroke = $0 { return true } else { return false } })
    }

    @Test func focusScrollsTheFocusedButtonIntoView() {
        let f = ListFixture()
        for _ in 0..<8 { f.tree.handle(.key(KeyEvent(.tab, time: f.tree.clock.now))) }
        f.run(0.6)
        #expect(f.tree.focusedButton === f.button(7))
        #expect(f.scroll.offset > 100, "row 7 (y 700) was below the 600-pt viewport")
    }
}

@Suite("Horizontal scroll views")
struct HorizontalScrollTests {
    @Test func aHorizontalStripDragsSidewaysAndPassesVerticalWheelToItsList() {
        let strip = ScrollView(axis: .horizontal, HStack(spacing: 0, (0..<20).map { _ in ShapeNode(color: .red).frame(width: 100, height: 40) }))
        let list = ScrollView(VStack(spacing: 0, [strip.frame(height: 40)] + (0..<20).map { _ in ShapeNode(color: .blue).frame(height: 100) }))
        let tree = WidgetTree(root: list.frame(maxWidth: .infinity, maxHeight: .infinity), size: Size(width: 400, height: 600))
        _ = tree.frame()
        func send(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) {
            tree.handle(.pointer(PointerEvent(kind: .touch, phase: phase, location: Point(x, y), time: tree.clock.now)))
        }
        send(.down, 300, 20); send(.move, 250, 21); send(.move, 100, 22)
        // 200 pt sideways, less the 18-pt touch slop: the drag counts from where it crossed it.
        #expect(strip.offset == 182 && list.offset == 0, "sideways drag moves the strip only: \(strip.offset)")
        send(.up, 100, 22)
        tree.handle(.wheel(WheelEvent(delta: Point(0, -1), location: Point(200, 20), time: tree.clock.now)))
        tree.clock.advance(by: 0.3); _ = tree.frame()
        #expect(list.offset == 60, "a vertical wheel over the strip scrolls the list")
    }
}

@Suite("Scroll indicators")
struct IndicatorTests {
    @Test func theIndicatorShowsWhileScrollingAndFadesAfter() {
        let f = ListFixture()
        let indicator = f.scroll.children.last!
        #expect(indicator.opacity == 0)
        f.drag(x: 300, from: 500, to: 300, seconds: 0.3)
        #expect(indicator.opacity > 0.9)
        f.run(5)
        #expect(indicator.opacity == 0, "faded 0.6 s after coming to rest")
        #expect(!f.tree.clock.isAnimating && f.tree.clock.nextDeadline == nil, "and then idle")
    }
}
