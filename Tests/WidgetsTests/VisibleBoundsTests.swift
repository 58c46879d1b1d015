import Geometry
import Render
import Testing
import Widgets

@Suite("Kept visual bounds, and what the display list leaves out of sight")
struct VisibleBoundsTests {
    /// How many fills of `color` the list holds.
    private func fills(of color: Color, in list: DisplayList) -> Int {
        list.commands.filter { if case .fill(_, .color(color), _) = $0 { return true }; return false }.count
    }

    @Test func keptBoundsFollowEveryChangeBelowThem() {
        let a = ShapeNode(color: .red)
        let holder = ZStack(alignment: .topLeading, [a.frame(width: 10, height: 10)])
        let root = Support.fill([holder])
        let tree = Support.layout(root, 200, 200)
        #expect(root.visualBounds() == Rect(x: 0, y: 0, width: 200, height: 200))
        // Each change reaches the root's kept bounds, two levels up.
        a.transform = .translation(300, 0)
        #expect(root.visualBounds() == Rect(x: 0, y: 0, width: 310, height: 200))
        a.shadow = ShadowStyle(radius: 10, x: 0, y: 250)
        #expect(root.visualBounds() == Rect(x: 0, y: 0, width: 326, height: 276))
        a.isHidden = true
        #expect(root.visualBounds() == Rect(x: 0, y: 0, width: 200, height: 200))
        a.isHidden = false
        a.shadow = nil
        holder.clip = .rect
        #expect(root.visualBounds() == Rect(x: 0, y: 0, width: 200, height: 200))
        holder.clip = nil
        let far = ShapeNode(color: .blue)
        far.transform = .translation(0, 500)
        holder.addChild(far.frame(width: 10, height: 10))
        tree.layout()
        #expect(root.visualBounds().maxY == 510)
        far.parent?.removeFromParent()
        #expect(root.visualBounds() == Rect(x: 0, y: 0, width: 310, height: 200))
    }

    @Test func aNodeMovedInsideAScrollViewDamagesWhereItWasAndIs() {
        let rows = (0..<20).map { _ in Support.box(100, 40, .green) }
        let view = ScrollView(VStack(spacing: 0, rows))
        let tree = Support.layout(view.frame(width: 100, height: 100), 100, 100)
        _ = tree.frame()
        view.scroll(to: 30)
        // The whole viewport moved; nothing outside it (the rows below) is damaged.
        #expect(tree.frame().damage == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(rows[5].windowVisualBounds() == .zero)
        #expect(rows[1].windowVisualBounds() == Rect(x: 0, y: 10, width: 100, height: 40))
    }

    @Test func rowsOutOfSightAreLeftOutOfTheList() {
        let view = ScrollView(VStack(spacing: 0, (0..<50).map { _ in Support.box(100, 40, .green) }))
        let tree = Support.layout(view.frame(width: 100, height: 200), 100, 200)
        // Rows 0…4 show; the other 45 are not drawn.
        #expect(fills(of: .green, in: tree.frame().list) == 5)
        view.scroll(to: 100)
        // Rows 2…7: 2 and 7 in part.
        #expect(fills(of: .green, in: tree.frame().list) == 6)
    }

    @Test func aShadowReachingIntoTheWindowIsDrawn() {
        let near = ShapeNode(color: .green), away = ShapeNode(color: .green)
        near.shadow = ShadowStyle(radius: 10)   // reaches 16 pt beyond the node
        away.shadow = ShadowStyle(radius: 10)
        near.transform = .translation(205, 0)
        away.transform = .translation(230, 0)
        let tree = Support.layout(Support.fill([near.frame(width: 20, height: 20), away.frame(width: 20, height: 20)]), 200, 200)
        let list = tree.frame().list
        #expect(fills(of: .green, in: list) == 1)
        #expect(list.commands.filter { if case .shadow = $0 { return true }; return false }.count == 1)
    }

    @Test func insideAPixelateLayerWhatIsOutOfSightStillCounts() {
        // A block straddles the window's right edge: its average holds pixels beyond it.
        let inside = ShapeNode(color: .green)
        inside.transform = .translation(55, 0)
        let card = ZStack(alignment: .topLeading, [inside.frame(width: 20, height: 20)]).frame(width: 100, height: 40, alignment: .topLeading)
        card.layerEffect = .pixelate(blockSize: 40)
        card.transform = .translation(150, 0)
        let tree = Support.layout(Support.fill([card]), 200, 200)
        #expect(fills(of: .green, in: tree.frame().list) == 1)
        // Without the layer it is out of sight, and left out.
        card.layerEffect = nil
        tree.damageAll()
        #expect(fills(of: .green, in: tree.frame().list) == 0)
    }

    @Test func scrollViewsAreFoundAgainAfterTheTreeChanges() {
        let first = ScrollView(Support.box(10, 300))
        let holder = ZStack([first.frame(width: 50, height: 50)])
        let tree = Support.layout(Support.fill([holder]), 200, 200)
        #expect(tree.scrollViews.count == 1)
        let second = ScrollView(Support.box(10, 300))
        holder.addChild(second.frame(width: 100, height: 100))
        tree.layout()
        #expect(tree.scrollViews.count == 2)
        #expect(tree.mainScrollView === second)
        second.parent?.removeFromParent()
        #expect(tree.scrollViews.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
    }

    @Test func aNodeThatOutlivesItsParentHasNone() {
        let child = ShapeNode(color: .green)
        do {
            let parent = ZStack([child])
            let tree = Support.layout(Support.fill([parent]), 100, 100)
            #expect(child.parent === parent && child.tree === tree)
        }
        // The tree and its nodes went; the child, still held here, points at none of them.
        #expect(child.parent == nil)
        #expect(child.tree == nil)
        #expect(child.windowVisualBounds() == .zero)
    }
}
