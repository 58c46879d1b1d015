import Animation
import FoundationEssentials
import Geometry
import Input
import Render
import Widgets

/// The home screen: a card for every scene (the five effects, then the tools), each with a
/// picture of the scene drawn by Lumen, its title, one line about it and the key that opens
/// it. A click, a tap, Return on the focused card or keys 1–9 open a scene.
package final class HomeScene: BackgroundWorkScene {
    public let root: Node
    public var background: Color { .groupedBackground }
    public static let name = "home"
    public static let title = "Home"
    public static let summary = "the home screen: every scene as a card with a live picture"
    public static let keys = [KeyHelp("1 – 9", "open a scene"), KeyHelp("Return", "open the focused scene")]


    /// The cards, in order (their buttons).
    let cards: [Button]
    let scroll: ScrollView
    /// The cards' pictures, in order.
    let pictures: [ImageAsset]
    let thumbnails: SceneThumbnails
    private let context: SceneContext

    /// The widest a card grows (points).
    static let cardWidth = (minimum: 260.0, maximum: 380.0)

    public init(context: SceneContext) throws(SettingError) {
        self.context = context
        let catalog = context.catalog
        let types = catalog.sections.flatMap(\.scenes)
        thumbnails = SceneThumbnails(types, pixelWidth: HomeScene.cardWidth.maximum * context.scale, context: context)
        pictures = thumbnails.assets
        var cards: [Button] = []
        for (i, type) in types.enumerated() {
            let name = type.name
            cards.append(HomeScene.card(type, number: i + 1, picture: pictures[i]) { [weak context] in context?.open?(name) })
        }
        self.cards = cards
        var sections: [Node] = [], first = 0
        for s in catalog.sections {
            sections.append(HomeScene.section(s.title, s.note, Array(cards[first..<first + s.scenes.count])))
            first += s.scenes.count
        }
        let header = VStack(spacing: 4, alignment: .leading, [
            TextNode(catalog.title, style: .largeTitle, weight: .bold).accessibility(traits: [.header]),
            TextNode(catalog.summary.prefix(1).uppercased() + catalog.summary.dropFirst() + ". Click a card or press its number; ? shows the keys.",
                     style: .body, color: .secondaryLabel),
        ])
        let column = VStack(spacing: 28, alignment: .leading, [header] + sections).padding(24).frame(maxWidth: 1240)
        scroll = ScrollView(column.frame(maxWidth: .infinity))
        root = scroll.frame(maxWidth: .infinity, maxHeight: .infinity)
    }

    /// A section of cards under its heading and note.
    static func section(_ title: String, _ note: String, _ cards: [Node]) -> Node {
        VStack(spacing: 12, alignment: .leading, [
            VStack(spacing: 2, alignment: .leading, [
                TextNode(title, style: .title2, weight: .bold).accessibility(traits: [.header]),
                TextNode(note, style: .subheadline, color: .secondaryLabel),
            ]),
            AdaptiveGrid(minimum: HomeScene.cardWidth.minimum, maximum: HomeScene.cardWidth.maximum, spacing: 20, cards),
        ])
    }

    /// A card: the scene's picture, its number and title, and its summary.
    static func card(_ type: any Scene.Type, number: Int, picture: ImageAsset, open: @escaping () -> Void) -> Button {
        let image = ImageNode(picture, contentMode: .fill, cornerRadius: 12, cornerStyle: .continuous)
            .accessibility(hidden: true)
            .aspectRatio(SceneThumbnails.canvas.width / SceneThumbnails.canvas.height, contentMode: .fit)
        let badge = TextNode(number < 10 ? "\(number)" : "", style: .footnote, weight: .bold, color: .white, alignment: .center)
            .frame(width: 22, height: 22)
            .background(.accent, in: .roundedRect(radius: 6, style: .continuous))
        badge.isHidden = number >= 10
        let title = TextNode(type.title, style: .headline)
        let summary = TextNode(HomeScene.describe(type), style: .footnote, color: .secondaryLabel)
        summary.maxLines = 3
        let content = VStack(spacing: 10, alignment: .leading, [
            image,
            HStack(spacing: 8, [badge, title, Spacer(minLength: 0)]),
            summary.frame(maxWidth: .infinity, alignment: .leading),
        ])
        .padding(12)
        .frame(maxHeight: .infinity, alignment: .top)
        .background(.white, in: .roundedRect(radius: 18, style: .continuous))
        content.shadow = ShadowStyle(color: Color.black.opacity(0.08), radius: 10, y: 3)
        let button = Button(label: type.title, content: content, action: open)
        button.semantics.hint = HomeScene.describe(type)
        for n in [badge, title, summary] as [Node] { n.semantics.hidden = true }
        return button
    }

    /// The card's line: the summary, capitalised.
    static func describe(_ type: any Scene.Type) -> String { type.summary.prefix(1).uppercased() + type.summary.dropFirst() }

    /// Keys 1–9 open the scene on that card.
    public func key(_ event: KeyEvent) -> Bool {
        guard let n = event.key.digit, n >= 1, n <= cards.count else { return false }
        cards[n - 1].activate()
        return true
    }

    /// One picture a frame until all are drawn.
    public var hasPendingWork: Bool { !thumbnails.isDone }
    public func update(time: Double) { thumbnails.step() }
    public func completePendingWork() { thumbnails.finish() }
}
