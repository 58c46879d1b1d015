import Animation
import Effects
import Geometry
import Input
import Render
import Scenes
import Widgets

/// The scroll transitions tutorial: the 25 animal cards in a lazy vertical stack, with each of the tutorial's
/// scroll
/// transition variants, chosen with the segmented control, 1–7, or `--set variant=NAME`.
public final class TransitionsScene: PhotoScene, ConfigurableScene, BenchmarkedScene, AttractingScene {
    /// One of the tutorial's transitions.
    public struct Variant: Sendable {
        /// Its `--set variant=` name.
        public let name: String
        /// What the segmented control calls it.
        public let title: String
        /// Whether it has an effect at all (`none` has none).
        let transitions: Bool
        let snaps: Bool
        let effect: @Sendable (ScrollTransitionPhase) -> TransitionEffect
    }

    /// The tutorial's seven variants. `scrollTransition(_:axis:transition:)` defaults to the
    /// interactive configuration (Apple: it "interactively interpolates the transition's
    /// effect as the view is scrolled into the visible region", ease-in-out), so every variant
    /// follows the scroll unless `--set configuration=animated` asks for the flip-and-spring one.
    public static let variants: [Variant] = [
        Variant(name: "none", title: "No Transition", transitions: false, snaps: false) { _ in .identity },
        Variant(name: "scale", title: "Scale Transition", transitions: true, snaps: false) {
            TransitionEffect(scale: $0.isIdentity ? 1 : 0.6) },
        Variant(name: "opacity", title: "Opacity Transition", transitions: true, snaps: false) {
            TransitionEffect(opacity: $0.isIdentity ? 1 : 0) },
        Variant(name: "offset", title: "Offset Transition", transitions: true, snaps: false) {
            TransitionEffect(offset: Point($0.isIdentity ? 0 : 400, 0)) },
        Variant(name: "scale-opacity", title: "Scale & Opacity Transition", transitions: true, snaps: false) {
            TransitionEffect(scale: $0.isIdentity ? 1 : 0.3, opacity: $0.isIdentity ? 1 : 0.3) },
        Variant(name: "view-aligned", title: "Scale & Opacity, viewAligned", transitions: true, snaps: true) {
            TransitionEffect(scale: $0.isIdentity ? 1 : 0.3, opacity: $0.isIdentity ? 1 : 0.3) },
        Variant(name: "interactive-3d", title: "Scale, Opacity, Rotation and Offset", transitions: true, snaps: true) {
            TransitionEffect(scale: $0.isIdentity ? 1 : 0.2, opacity: $0.isIdentity ? 1 : 0.5, offset: Point($0.value * -200, 0),
                             rotation: .init(degrees: $0.isIdentity ? 0 : 90, axis: (0.5, 0, 0.1)))
        },
    ]

    static let variant = SettingKey<Int>("variant", help: "none, scale, opacity, offset, scale-opacity, view-aligned or interactive-3d",
                                         default: "interactive-3d", control: .choice(variants.map(\.name))) {
        (v: String) throws(SettingError) in try variantIndex(v)
    }
    static let configuration = SettingKey.choice("configuration", help: "interactive (follows the scroll, SwiftUI's default) or animated (flips at the threshold and springs)",
                                                 options: ["interactive", "animated"], default: "interactive")
    public static let settings = [variant.setting, configuration.setting, DrawnPhotos.setting.setting]
    public static let name = "transitions"
    public var photoListOffset: Int? { context.photos == nil || drawn ? nil : 0 }
    public static let title = "Scroll transitions"
    public static let keys = [KeyHelp("1 – 7", "choose a transition")]
    public static let summary = "25 animal cards with each scroll transition variant (.scrollTransition)"

    static func variantIndex(_ name: String) throws(SettingError) -> Int {
        guard let i = variants.firstIndex(where: { $0.name == name }) else {
            throw SettingError("unknown variant '\(name)' (variants: \(variants.map(\.name).joined(separator: ", ")))")
        }
        return i
    }

    /// The tutorial's card: 320×240, corner radius 40, yellow at 30 % with a black shadow
    /// (radius 7, offset 8, 10), the photo fitted inside and clipped to the same shape, a
    /// 6 pt yellow stroke at 40 %.
    /// The tutorial's AnimalCardView. `RoundedRectangle(cornerRadius: 40)` defaults to the
    /// continuous style in SwiftUI, so every 40-pt corner here is continuous.
    static func card(_ photo: ImageAsset, name: String) -> Node {
        let back = ShapeNode(.roundedRect(radius: 40, style: .continuous), fill: .color(Color.yellow.opacity(0.3)))
        back.shadow = ShadowStyle(color: .black, radius: 7, x: 8, y: 10)
        back.clip = .roundedRect(radius: 40, style: .continuous)
        let image = ImageNode(photo, contentMode: .fit)
        let picture = ZStack([image]).frame(width: 320, height: 240)
        picture.clip = .roundedRect(radius: 40, style: .continuous)
        let border = ShapeNode(.roundedRect(radius: 40, style: .continuous), stroke: (Color.yellow.opacity(0.4), 6))
        let card = ZStack([back.frame(width: 320, height: 240), picture, border.frame(width: 320, height: 240)])
        card.accessibility(label: name, traits: [.image])
        for n in [back, image, border] as [Node] { n.semantics.hidden = true }
        return card
    }

    public let root: Node
    let scroll: ScrollView
    private let lazy: LazyStack
    private let heading: TextNode
    let segments: [Button]
    /// The variant picker (it scrolls sideways in a narrow window).
    let picker: ScrollView
    /// The chosen segment is to be scrolled into view once the picker has a size.
    private var revealChoice = true
    private let context: SceneContext
    private var selected: Int
    /// The animated configuration instead of SwiftUI's default interactive one.
    private var animated: Bool
    /// The tutorial's own numbered animals instead of photos.
    private let drawn: Bool

    static let animals = ["bison", "chameleon", "hedgehog", "jaguar", "kangaroo", "koala", "lemur", "moose", "panda",
                          "polar bear", "scarlet macaw", "cat", "chicken", "cow", "dog", "duck", "horse", "owl", "pig",
                          "sheep", "kingfisher", "red panda", "crab", "giraffe", "pika"]

    public init(context: SceneContext) throws(SettingError) {
        self.context = context
        selected = try context.setting(Self.variant)
        animated = try context.setting(Self.configuration) == 1
        drawn = try context.setting(DrawnPhotos.setting) == 1
        heading = TextNode(TransitionsScene.variants[selected].title, style: .title2, weight: .bold)
        segments = TransitionsScene.variants.map { Button($0.name) }
        let count = (try context.setting(DrawnPhotos.setting)) == 1 ? 25 : (context.photos?.count ?? TransitionsScene.animals.count)
        // `LazyVStack` with no spacing: SwiftUI's default between two cards, 8 pt.
        lazy = LazyStack(spacing: 8, count: count, estimatedLength: 240, lengthHint: { _ in 240 }) { _ in Node() }
        scroll = ScrollView(lazy)
        // The variant picker scrolls sideways when the window is too narrow for all seven.
        let tabs = HStack(spacing: 6, segments)
        tabs.semantics.container = .tabList   // one variant chosen of seven, as a segmented control
        picker = ScrollView(axis: .horizontal, tabs.padding(Insets(vertical: 0, horizontal: 16)))
        picker.centersContent = true
        picker.showsIndicators = false
        let header = VStack(spacing: 10, [heading.padding(Insets(vertical: 0, horizontal: 16)), picker.frame(height: 52)])
            .padding(Insets(top: 20, leading: 0, bottom: 12, trailing: 0))
        let list: Node = count == 0 ? EmptyState.node(context.photoSource, listing: context.listingPhotos, background: .white) : scroll
        root = VStack(spacing: 0, [header, list.frame(maxWidth: .infinity, maxHeight: .infinity)])
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        lazy.builder = { [unowned self] i in self.makeCard(i) }
        for (i, b) in segments.enumerated() { b.action = { [unowned self] in self.select(i) } }
        applyVariant()
    }

    private func photoPath(_ i: Int) -> String {
        let file = TransitionsScene.animals[i].replacing(" ", with: "_")
        return String(printf: "animals/%02d_", i + 1) + file + ".jpg"
    }

    private func makeCard(_ i: Int) -> Node {
        let v = TransitionsScene.variants[selected]
        let card: Node
        if drawn {
            card = TransitionsScene.card(DrawnPhotos.animalImage(i + 1, in: context), name: String(printf: "animal-%02d", i + 1))
        } else if let photos = context.photos {
            card = TransitionsScene.card(context.userPhoto(photos[i].path, shownIn: Size(width: 320, height: 240), mode: .fit), name: photos[i].title)
        } else {
            card = TransitionsScene.card(context.photo(photoPath(i), shownIn: Size(width: 320, height: 240), mode: .fit),
                                         name: TransitionsScene.animals[i].capitalized)
        }
        let configuration: ScrollTransitionConfiguration = !v.transitions ? .identity : (animated ? .animated : .interactive)
        let t = card.scrollTransition(configuration) { v.effect($0) }
        // Centred in the list's width, as the tutorial's cards are.
        return t.frame(maxWidth: .infinity)
    }

    private func select(_ i: Int) {
        guard i != selected else { return }
        selected = i
        applyVariant()
        // Rebuild the realized cards with the new transition.
        lazy.reload()
    }

    /// Keeps the chosen variant's segment in view in a narrow window (at the start, and after
    /// a choice by key or setting).
    public func update(time: Double) {
        guard revealChoice, picker.frame.width > 0 else { return }
        revealChoice = false
        let b = segments[selected]
        let f = b.transformToWindow.concatenating(picker.content.transformToWindow.inverted() ?? .identity).apply(b.bounds)
        picker.scrollToVisible(f, animated: false)
    }

    private func applyVariant() {
        revealChoice = true
        let v = TransitionsScene.variants[selected]
        heading.string = v.title
        scroll.snapsToItems = v.snaps
        for (i, b) in segments.enumerated() {
            b.tint = i == selected ? .accent : Color(r: 142, g: 142, b: 147)
            b.semantics.traits = i == selected ? [.button, .selected] : [.button]
        }
    }

    /// A variant chosen in the inspector is chosen as its key or its segment would.
    public func apply(_ name: String, _ value: String) -> Bool {
        if name == Self.configuration.name, let a = try? Self.configuration.parse(value) {
            animated = a == 1
            lazy.reload()
            return true
        }
        guard name == Self.variant.name, let i = try? Self.variant.parse(value) else { return false }
        select(i)
        return true
    }

    /// Keys 1–7 choose a variant.
    public func key(_ event: KeyEvent) -> Bool {
        guard let n = event.key.digit, (1...TransitionsScene.variants.count).contains(n) else { return false }
        select(n - 1)
        return true
    }

    /// For `lumen bench`: the list scrolls at 600 pt/s, down and back.
    public var benchMotion: BenchMotion { .scroll(pointsPerSecond: 600, pingPong: true) }
    /// On a kiosk left alone: the next card every 2.5 s, snapping into place.
    public var attractLoop: AttractLoop { .stepItems(every: 2.5) }
}
