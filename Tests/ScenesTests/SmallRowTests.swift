import LumenApp
import LumenTesting
import Testing

/// A scene whose one scroll view is a row smaller than the window: the kind an app makes.
final class SmallRowScene: Scene {
    static let name = "small-row"
    static let title = "Small row"
    static let summary = "ten cards in a row a third of the window high"
    let root: Node
    let row: ScrollView
    init(context: SceneContext) throws(SettingError) {
        let cards = (0..<10).map { i in ShapeNode(color: .blue).accessibility(label: "Card \(i)").frame(width: 300, height: 200) }
        row = ScrollView(axis: .horizontal, HStack(spacing: 20, cards))
        row.targetBehavior = .viewAligned(.center)
        row.centersEndItems = true
        root = VStack(spacing: 0, [row.frame(height: 240), Spacer()])
    }
}

/// Through LumenTesting, as an app's tests would: the keys reach the scene's row, in the app's
/// window (its bar, a hidden help overlay and inspector around the scene) and without it.
@Suite struct SmallRowTests {
    static let app = SceneCatalog(title: "Rows", command: "rows", summary: "a row", sections: [.init("Rows", [SmallRowScene.self])],
                                  hasHome: false)

    @Test(arguments: [false, true]) func anArrowKeyStepsTheRowOneCard(chrome: Bool) throws {
        let app = try AppTester(Self.app, size: Size(width: 1200, height: 800), chrome: chrome)
        let row = try #require(app.scrollViews.first { $0.axis == .horizontal })
        #expect(row.currentItem == 0)
        app.press(.right)
        app.settle()
        #expect(row.currentItem == 1 && row.offset == 320, "one card of 300 and its 20 of spacing on: \(row.offset)")
        #expect(app.element("Card 1").map { abs($0.frame.midX - 600) < 0.5 } == true, "centred in the window")
    }
}

extension SmallRowTests {
    @Test func anArrowKeyInTheRealWindowLoop() throws {
        let window = try TestWindow.run(Self.app, size: Size(width: 1200, height: 800), script: try InputScript.parse("at 300 key Right"), seconds: 1.5)
        let row = try #require((window.runner.scene as? SmallRowScene)?.row)
        #expect(row.currentItem == 1, "offset \(row.offset), phase \(row.phase), frames \(window.framesPresented)")
    }
}
