import Animation
import Geometry
import Input
import Render
import Testing
import Widgets

/// A horizontal row of ten 200-pt cards in a 600-pt viewport, with margins that let the first
/// and last cards reach the middle: item i is centred at offset 200·i.
struct RowFixture {
    let tree: WidgetTree
    let scroll: ScrollView

    init(behavior: ScrollView.TargetBehavior = .viewAligned(.center), margins: Double = 200, count: Int = 10) {
        let cards = (0..<count).map { _ in ShapeNode(color: .blue).frame(width: 200, height: 150) }
        scroll = ScrollView(axis: .horizontal, HStack(spacing: 0, cards))
        scroll.contentMargins = Insets(top: 0, leading: margins, bottom: 0, trailing: margins)
        scroll.targetBehavior = behavior
        tree = WidgetTree(root: scroll.frame(width: 600, height: 150), size: Size(width: 600, height: 150))
        _ = tree.frame()
    }

    /// Runs 60 Hz frames for `seconds`, returning the offset at each.
    @discardableResult
    func run(_ seconds: Double) -> [Double] {
        var offsets: [Double] = []
        let end = tree.clock.now + seconds
        while tree.clock.now < end - 1e-9 { tree.clock.advance(by: 1.0 / 60); _ = tree.frame(); offsets.append(scroll.offset) }
        return offsets
    }

    func drag(from x0: Double, to x1: Double, seconds: Double) {
        func send(_ phase: PointerEvent.Phase, _ x: Double) {
            tree.handle(.pointer(PointerEvent(id: 0, kind: .touch, phase: phase, location: Point(x, 75), time: tree.clock.now)))
        }
        send(.down, x0)
        let steps = max(Int(seconds * 60), 1)
        for s in 1...steps { tree.clock.advance(by: 1.0 / 60); send(.move, x0 + (x1 - x0) * Double(s) / Double(steps)); _ = tree.frame() }
        send(.up, x1)
    }
}

@Suite("Scroll positions: items, anchors, animations, snapping, paging, margins")
struct ScrollPositionTests {
    @Test func marginsLetTheFirstAndLastItemsReachTheMiddle() {
        let f = RowFixture()
        #expect(f.scroll.range == 0...1800, "200 + 2000 + 200 − 600")
        #expect(f.scroll.currentItem == 0, "at 0 the first card is centred by its margin")
        f.scroll.scrollTo(item: 9, animation: nil)
        #expect(f.scroll.offset == 1800 && f.scroll.currentItem == 9)
        let last = f.scroll.content.children[9]
        #expect(last.frameInScrollView?.midX == 300, "the last card's centre at the viewport's")
    }

    @Test func centringTheEndItemsNeedsNoMarginsOfOnesOwn() {
        let f = RowFixture(margins: 0)
        f.scroll.centersEndItems = true
        _ = f.tree.frame()
        #expect(f.scroll.range == 0...1800, "room of (600 − 200) / 2 at each end")
        #expect(f.scroll.content.children[0].frameInScrollView?.midX == 300)
        f.scroll.scrollTo(item: 9, animation: nil)
        #expect(f.scroll.content.children[9].frameInScrollView?.midX == 300 && f.scroll.offset == 1800)
    }

    /// The first layout already centres the first item: its room is measured once the items
    /// are laid out, not before (the first card's leading edge sat at the centre).
    @Test func theFirstLayoutCentresTheFirstItem() {
        let (_, scroll, cards) = centredRow(card: 320, spacing: 24, window: 1280)
        #expect(scroll.offset == 0 && cards[0].frameInScrollView?.midX == 640, "\(String(describing: cards[0].frameInScrollView))")
    }

    /// Ten cards in a row that fills a window `window` points wide, its end items centred,
    /// after the first frame.
    func centredRow(card: Double, spacing: Double, window: Double) -> (WidgetTree, ScrollView, [Node]) {
        let cards = (0..<10).map { _ in ShapeNode(color: .blue).frame(width: card, height: 150) }
        let scroll = ScrollView(axis: .horizontal, HStack(spacing: spacing, cards))
        scroll.centersEndItems = true
        let tree = WidgetTree(root: scroll.frame(maxWidth: .infinity, maxHeight: .infinity), size: Size(width: window, height: 150))
        _ = tree.frame()
        return (tree, scroll, cards)
    }

    /// A lazy row's end items are measured by the lazy stack itself (its first and last
    /// lengths), with the same room as a stack's.
    @Test func aLazyRowCentresItsEndItemsToo() {
        let lazy = LazyStack(axis: .horizontal, spacing: 0, count: 1000, estimatedLength: 200, lengthHint: { _ in 200 }) { _ in
            ShapeNode(color: .blue).frame(width: 200, height: 150)
        }
        let scroll = ScrollView(axis: .horizontal, lazy)
        scroll.centersEndItems = true
        let tree = WidgetTree(root: scroll.frame(maxWidth: .infinity, maxHeight: .infinity), size: Size(width: 600, height: 150))
        _ = tree.frame()
        #expect(scroll.range == 0...(200_000 - 200), "(600 − 200) / 2 at each end: 200 + 200,000 + 200 − 600")
        #expect(lazy.node(at: 0)?.frameInScrollView?.midX == 300, "the first item centred")
        scroll.scrollTo(item: 999, animation: nil)
        _ = tree.frame()
        #expect(lazy.node(at: 999)?.frameInScrollView?.midX == 300, "the last too")
    }

    @Test func theRoomForTheEndItemsFollowsTheViewsSize() {
        let (tree, scroll, cards) = centredRow(card: 200, spacing: 0, window: 600)
        scroll.scrollTo(item: 9, animation: nil)
        tree.size = Size(width: 1000, height: 150)
        _ = tree.frame()
        #expect(scroll.range == 0...1800, "(1000 − 200) / 2 at each end, 2000 of cards, less 1000")
        scroll.scrollTo(item: 9, animation: nil)
        #expect(cards[9].frameInScrollView?.midX == 500, "the last item centred in the wider view")
    }

    @Test func scrollingToAnItemWithASpringOvershootsAndSettlesOnIt() {
        let f = RowFixture()
        f.scroll.scrollTo(item: 3, animation: .bouncy)
        #expect(f.scroll.phase == .spring)
        let path = f.run(2)
        #expect(path.max()! > 600.5, "a bouncy spring overshoots item 3's 600 pt: \(path.max()!)")
        #expect(f.scroll.offset == 600 && f.scroll.phase == .idle && f.scroll.currentItem == 3)
    }

    @Test func withAnimationGivesTheMoveItsAnimation() {
        let f = RowFixture()
        withAnimation(.linear(duration: 1)) { f.scroll.scrollTo(item: 2, anchor: .leading) }
        #expect(f.scroll.phase == .easing)
        f.run(0.5)
        #expect(abs(f.scroll.offset - 300) < 1e-6, "halfway along a linear second to 600 (item 2's leading edge, past its 200-pt margin)")
        f.run(0.6)
        #expect(f.scroll.offset == 600)
        f.scroll.scrollTo(item: 5)
        #expect(f.scroll.offset == 1000, "no animation around the call: at once, centred")
    }

    @Test func nextPressedTwiceGoesTwoItemsAndKeepsItsSpeed() {
        let f = RowFixture()
        f.scroll.scrollBy(items: 1, animation: .smooth)
        let before = f.run(0.1)
        let v = f.scroll.velocity
        f.scroll.scrollBy(items: 1, animation: .smooth)
        #expect(abs(f.scroll.velocity - v) < 1e-9, "retargeted with the velocity it had")
        let after = f.run(2)
        // No stop at the retarget: the frame after it moves at least as far as the one before
        // (a spring restarted from rest would move a fraction of a point).
        let stepBefore = before[before.count - 1] - before[before.count - 2], stepAfter = after[0] - before[before.count - 1]
        #expect(stepBefore > 5 && stepAfter >= stepBefore, "\(stepBefore) then \(stepAfter)")
        #expect(f.scroll.offset == 400 && f.scroll.currentItem == 2)
        f.scroll.scrollBy(items: -5, animation: nil)
        #expect(f.scroll.offset == 0, "clamped to the first item")
    }

    @Test func aTouchStopsAMoveToAnItem() {
        let f = RowFixture(behavior: .free)
        f.scroll.scrollTo(item: 8, animation: .easeInOut(duration: 1))
        f.run(0.3)
        let caught = f.scroll.offset
        f.tree.handle(.pointer(PointerEvent(id: 0, kind: .touch, phase: .down, location: Point(300, 75), time: f.tree.clock.now)))
        f.tree.handle(.pointer(PointerEvent(id: 0, kind: .touch, phase: .up, location: Point(300, 75), time: f.tree.clock.now)))
        f.run(1)
        #expect(f.scroll.offset == caught && f.scroll.phase == .idle)
    }

    @Test func aFlingComesToRestWithAnItemCentred() {
        let f = RowFixture()
        f.drag(from: 500, to: 380, seconds: 0.1)
        f.run(3)
        #expect(f.scroll.phase == .idle)
        #expect(f.scroll.offset.truncatingRemainder(dividingBy: 200) == 0 && f.scroll.offset > 0, "on an item: \(f.scroll.offset)")
        let centred = f.scroll.content.children[f.scroll.currentItem!]
        #expect(centred.frameInScrollView?.midX == 300)
    }

    @Test func leadingAlignedSnappingRestsOnLeadingEdges() {
        let f = RowFixture(behavior: .viewAligned(.leading), margins: 0)
        f.drag(from: 500, to: 430, seconds: 0.1)
        f.run(3)
        #expect(f.scroll.offset.truncatingRemainder(dividingBy: 200) == 0 && f.scroll.offset > 0)
        #expect(f.scroll.content.children[f.scroll.currentItem!].frameInScrollView?.minX == 0)
    }

    @Test func aFastFlingPagesOnePageOnly() {
        let f = RowFixture(behavior: .paging, margins: 0)
        f.drag(from: 580, to: 100, seconds: 0.1)
        f.run(3)
        #expect(f.scroll.offset == 600, "one page of 600 pt, however fast")
        f.drag(from: 100, to: 300, seconds: 0.3)
        f.run(3)
        #expect(f.scroll.offset == 0, "back one page")
    }

    @Test func aWheelNotchAndAnArrowKeyGoToTheNextTarget() {
        let paged = RowFixture(behavior: .paging, margins: 0)
        paged.tree.handle(.wheel(WheelEvent(delta: Point(0, -1), location: Point(300, 75), time: paged.tree.clock.now)))
        paged.run(2)
        #expect(paged.scroll.offset == 600, "a notch moves a page")
        let aligned = RowFixture()
        aligned.tree.handle(.key(KeyEvent(.right, time: aligned.tree.clock.now)))
        aligned.run(2)
        #expect(aligned.scroll.offset == 200 && aligned.scroll.currentItem == 1, "an arrow moves one card to the middle")
    }

    @Test func theCurrentItemIsObserved() {
        let f = RowFixture()
        var seen: [Int?] = []
        f.scroll.onCurrentItemChange = { seen.append($0) }
        f.scroll.scrollTo(item: 3, animation: .smooth)
        f.run(2)
        #expect(seen == [1, 2, 3], "each item once, as it passes the middle")
    }

    @Test func scrollingToANodeCentresIt() {
        let f = RowFixture(behavior: .free)
        let card = f.scroll.content.children[4]
        f.scroll.scrollTo(card, anchor: .center, animation: nil)
        #expect(card.frameInScrollView?.midX == 300)
        f.scroll.scrollTo(card, anchor: .trailing, animation: nil)
        #expect(card.frameInScrollView?.maxX == 600)
    }

    @Test func aVerticalListScrollsToItemsToo() {
        let f = ListFixture(rows: 50)
        f.scroll.scrollTo(item: 20, anchor: .center, animation: .snappy)
        f.run(2)
        #expect(f.scroll.offset == 20 * 100 + 50 - 300, "row 20's centre at the viewport's middle")
        #expect(f.scroll.currentItem == 17, "the leading anchor by default: row 17 at the top")
    }
}
