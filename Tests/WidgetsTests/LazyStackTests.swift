import Geometry
import Input
import Render
import Testing
import Widgets

@Suite("Lazy children and scroll geometry")
struct LazyStackTests {
    @Test func onlyVisibleItemsAreRealized() {
        let f = ListFixture(rows: 10_000)
        #expect(f.lazy.realized.count <= (600 + 400) / 100 + 2)
        #expect(f.lazy.totalLength == 1_000_000)
        f.scroll.scroll(to: 500_000)
        _ = f.tree.frame()
        let indices = f.lazy.realized.keys.sorted()
        #expect(indices.first! >= 4996 && indices.last! <= 5010, "\(indices)")
        #expect(f.lazy.children.count == f.lazy.realized.count)
    }

    @Test func tenThousandRowsDrawLikeTen() {
        // 20 rows already fill the viewport and its margin, so both realize the same 11 rows.
        let small = ListFixture(rows: 20), large = ListFixture(rows: 10_000)
        small.tree.damageAll(); large.tree.damageAll()
        let la = small.tree.frame().list.count, lb = large.tree.frame().list.count
        // Rows 0…10 meet the 600-pt viewport and its 400-pt margin (the 11th starts at 1,000).
        #expect(small.lazy.realized.count == 11 && large.lazy.realized.count == 11,
                "\(small.lazy.realized.count) and \(large.lazy.realized.count) rows realized")
        #expect(la > 11 * 3, "each realized row draws its button: \(la) commands")
        #expect(la == lb, "display lists: \(la) vs \(lb) commands")
    }

    @Test func itemIndexLookup() {
        let lazy = LazyStack(spacing: 10, count: 5, estimatedLength: 50) { _ in ShapeNode(color: .red) }
        #expect(lazy.itemOffsets == [0, 60, 120, 180, 240])
        #expect(lazy.index(at: 59) == 0 && lazy.index(at: 60) == 1 && lazy.index(at: 1e9) == 4)
        #expect(lazy.totalLength == 290)
    }

    @Test func frameInScrollViewFollowsTheOffsetAndObserversHear() {
        let f = ListFixture()
        guard let row = f.lazy.node(at: 3) else { Issue.record("row 3 realized"); return }
        #expect(row.frameInScrollView == Rect(x: 0, y: 300, width: 400, height: 100))
        var heard: [Rect] = []
        row.onScrollGeometryChange = { heard.append($0) }
        f.scroll.scroll(to: 250)
        #expect(row.frameInScrollView == Rect(x: 0, y: 50, width: 400, height: 100))
        #expect(heard.last == Rect(x: 0, y: 50, width: 400, height: 100))
        #expect(ShapeNode(color: .red).frameInScrollView == nil, "nil outside a scroll view")
    }

    @Test func snappingListsComeToRestOnAnItemEdge() {
        // Rows are 100 pt. Released after 0.1 s at `speed` pt/s from about speed/10 pt, momentum
        // would rest 0.4995·speed further (UIKit's rate): the nearest row edge to that, but at
        // most one row on for a fling under 1,200 pt/s.
        for (speed, expected) in [(300.0, 100.0), (900.0, 200.0), (2500.0, 1500.0), (6000.0, 3600.0)] {
            let f = ListFixture(rows: 300)
            f.scroll.snapsToItems = true
            f.drag(x: 300, from: 500, to: 500 - speed * 0.1, seconds: 0.1)
            f.run(4)
            #expect(abs(f.scroll.offset - expected) < 0.5, "speed \(speed): rests at \(f.scroll.offset), expected \(expected)")
            #expect(f.scroll.phase == .idle)
        }
    }

    @Test func scrollingDamagesOnlyTheViewport() {
        let tree = WidgetTree(root: VStack(spacing: 0, [
            ShapeNode(color: .red).frame(height: 100),
            ScrollView(LazyStack(count: 100, estimatedLength: 50) { _ in ShapeNode(color: .blue).frame(height: 50) }).frame(height: 300),
        ]).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top), size: Size(width: 400, height: 600))
        _ = tree.frame()
        tree.scrollViews.first?.scroll(to: 120)
        let (_, damage) = tree.frame()
        #expect(damage == Rect(x: 0, y: 100, width: 400, height: 300), "\(String(describing: damage))")
    }
}

@Suite("Lazy children order")
struct LazyOrderTests {
    @Test func childrenStayInItemOrderAfterScrollingBack() {
        let f = ListFixture(rows: 200)
        f.scroll.scroll(to: 5000)
        _ = f.tree.frame()
        f.scroll.scroll(to: 0)
        _ = f.tree.frame()
        let order = f.lazy.children.compactMap { c in f.lazy.realized.first { $0.value === c }?.key }
        #expect(order == order.sorted() && order.first == 0)
        f.tree.handle(.key(KeyEvent(.tab, time: 0)))
        #expect(f.tree.focusedButton === f.button(0))
    }
}

@Suite("Snapping with the wheel and keys")
struct SnapInputTests {
    @Test func oneNotchMovesASnappingListToTheNextItem() {
        let f = ListFixture(rows: 50)
        f.scroll.snapsToItems = true
        f.tree.handle(.wheel(WheelEvent(delta: Point(0, -1), location: Point(200, 200), time: f.tree.clock.now)))
        f.run(1.5)
        #expect(f.scroll.offset == 100, "60 pt of wheel, then on to the next 100-pt row: \(f.scroll.offset)")
        f.tree.handle(.key(KeyEvent(.down, time: f.tree.clock.now)))
        f.run(1)
        #expect(f.scroll.offset == 200, "an arrow key moves one row")
        f.tree.handle(.key(KeyEvent(.up, time: f.tree.clock.now)))
        f.run(1)
        #expect(f.scroll.offset == 100)
    }
}
