import Animation
import FoundationEssentials
import Geometry
import Render
import Scenes
import Widgets

/// A long list for trying the scroll physics by hand: `rows` rows (1,000 by default) of
/// alternating heights, every fifth with a button that counts its taps, a horizontal strip of
/// chips above it, and a live readout of the list's offset, velocity and phase.
public final class ScrollLabScene: ConfigurableScene, BenchmarkedScene {
    public let root: Node
    public var background: Color { .groupedBackground }
    public static let name = "scroll-lab"
    public static let title = "Scroll lab"
    public static let summary = "a long list for the scroll physics: alternating heights, buttons, chips, a live readout"
    public static var settings: [SceneSetting] { [rows.setting] }
    /// For `lumen bench`: the list scrolls at 1,500 pt/s, wrapping at the end.
    public var benchMotion: BenchMotion { .scroll(pointsPerSecond: 1500, pingPong: false) }

    let list: ScrollView
    let chips: ScrollView
    private let readout: TextNode
    private let rowCount: Int
    private var taps: [Int: Int] = [:]

    /// Row heights alternate between these (points).
    static let heights = (72.0, 112.0)

    static let rows = SettingKey.integer("rows", help: "how many rows (default 1000, up to 1000000)", range: 1...1_000_000, default: 1000, step: 100)

    public init(context: SceneContext) throws(SettingError) {
        rowCount = try context.setting(Self.rows)
        readout = TextNode("", style: .footnote, color: .secondaryLabel, alignment: .trailing)
        let lazy = LazyStack(spacing: 10, count: rowCount, estimatedLength: ScrollLabScene.heights.0,
                             lengthHint: { i in i % 2 == 0 ? ScrollLabScene.heights.0 : ScrollLabScene.heights.1 },
                             builder: { _ in Node() })
        list = ScrollView(lazy)
        let chipNodes = (1...40).map { i -> Node in
            TextNode("Chip \(i)", style: .subheadline, weight: .medium, color: .indigo)
                .padding(Insets(vertical: 8, horizontal: 14))
                .background(Color.indigo.opacity(0.12), in: .roundedRect(radius: 16, style: .continuous))
        }
        chips = ScrollView(axis: .horizontal, HStack(spacing: 8, chipNodes).padding(Insets(vertical: 0, horizontal: 24)))
        let count = rowCount
        let header = HStack(spacing: 16, alignment: .bottom, [
            VStack(spacing: 2, alignment: .leading, [
                TextNode("Scroll lab", style: .largeTitle, weight: .bold),
                TextNode("\(count.grouped) rows · drag, fling, wheel, keys, Tab", style: .subheadline, color: .secondaryLabel),
            ]),
            Spacer(),
            // A fixed box (one line's height, measured once): the readout changes every frame
            // of a scroll, and a box whose size does not follow it lays it out alone, not the
            // whole scene with its list and chips (a layout boundary).
            readout.frame(width: 420, height: readout.sizeThatFits(.unspecified).height, alignment: .trailing),
        ]).padding(Insets(top: 24, leading: 24, bottom: 12, trailing: 24))
        root = VStack(spacing: 8, alignment: .leading, [
            header,
            chips.frame(height: 40),
            list.padding(Insets(top: 4, leading: 0, bottom: 0, trailing: 0)).frame(maxWidth: .infinity, maxHeight: .infinity),
        ]).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        lazy.builder = { [unowned self] i in self.row(i) }
        list.onScroll = { [weak self] _ in self?.updateReadout() }
        updateReadout()
    }

    private func row(_ i: Int) -> Node {
        let height = i % 2 == 0 ? ScrollLabScene.heights.0 : ScrollLabScene.heights.1
        let status = TextNode(taps[i].map { "Tapped \($0)×" } ?? "\(Int(height)) pt tall", style: .caption, color: .secondaryLabel)
        var items: [Node] = [
            VStack(spacing: 2, alignment: .leading, [TextNode("Row \(i + 1)", style: .headline), status]),
            Spacer(),
        ]
        if i % 5 == 2 {
            items.append(Button("Tap", icon: .check) { [weak self, weak status] in
                guard let self else { return }
                self.taps[i, default: 0] += 1
                status?.string = "Tapped \(self.taps[i]!)×"
            })
        }
        return HStack(spacing: 12, items)
            .padding(Insets(vertical: 0, horizontal: 16))
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(.white, in: .roundedRect(radius: 14, style: .continuous))
            .padding(Insets(vertical: 0, horizontal: 24))
            .frame(height: height)
    }

    private func updateReadout() {
        readout.string = String(printf: "offset %.1f pt · %.0f pt/s · ", list.offset, list.velocity.rounded() + 0) + list.phase.rawValue
    }
}
