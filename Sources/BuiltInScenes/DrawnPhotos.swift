import Geometry
import Render
import Scenes

/// The SwiftUI components' own preview images, drawn as their SwiftUI code draws them
/// (`--set photos=drawn`), so a scene can be held beside the SwiftUI preview: Color Reveal
/// Image's six 800 × 600 gradients with a symbol, Ken Burns Image's sunset illustration, Image
/// Derived Gradient Background's three 240 × 240 symbol cards, and the scroll transitions
/// tutorial's numbered animal cards (the tutorial's `animal-01`…`animal-25`, which it does not ship).
/// SF Symbols are drawn with their Material Icons equivalents.
public enum DrawnPhotos {
    /// The setting every photo scene takes: `--set photos=drawn` for the drawn images.
    static let setting = SettingKey.choice("photos", help: "bundled (the photos) or drawn (the images the SwiftUI components' previews draw)",
                                           options: ["bundled", "drawn"], default: "bundled")

    /// Color Reveal Image's previews: title, symbol and the two gradient colours of each photo.
    static let gallery: [(title: String, symbol: Icon, colors: [Color])] = [
        ("Dunes", .sun, [.orange, .red]), ("Forest", .park, [.green, .teal]), ("Lagoon", .waves, [.cyan, .blue]),
        ("Harbor", .sailing, [.indigo, .pink]), ("Meadow", .florist, [.yellow, .green]), ("Canyon", .landscape, [.pink, .orange]),
    ]

    /// Each image is drawn once per loader (a scene built again reuses it): the loader's
    /// `drawnImages`, so two windows or two apps in one process draw their own.
    static func cached(_ key: String, in context: SceneContext, _ make: () -> ImageAsset) -> ImageAsset {
        if let a = context.loader.drawnImages[key] { return a }
        let a = make()
        context.loader.drawnImages[key] = a
        return a
    }

    /// A gallery photo: an 800 × 600 gradient from the top-left to the bottom-right corner, the
    /// symbol in white at 85 % in the 220 × 220 square in its middle (`insetBy(dx: 290, dy: 190)`).
    public static func galleryImage(_ i: Int, in context: SceneContext) -> ImageAsset { cached("gallery\(i)", in: context) { makeGalleryImage(i) } }
    static func makeGalleryImage(_ i: Int) -> ImageAsset {
        let p = gallery[i % gallery.count]
        var list = DisplayList()
        let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        list.fill(.rect(bounds), LinearGradient(stops: stops(p.colors), start: Point(0, 0), end: Point(800, 600)))
        symbol(p.symbol, in: Rect(x: 290, y: 190, width: 220, height: 220), &list)
        return draw(list, "drawn-\(p.title)", width: 800, height: 600)
    }

    /// Ken Burns Image's 900 × 1600 "Mountains at sunset": a four-colour gradient down to y = 1150, a
    /// white sun at 80 %, three ridges.
    public static func heroImage(in context: SceneContext) -> ImageAsset { cached("hero", in: context) { makeHeroImage() } }
    static func makeHeroImage() -> ImageAsset {
        var list = DisplayList()
        list.fill(.rect(Rect(x: 0, y: 0, width: 900, height: 1600)),
                  LinearGradient(stops: stops([.indigo, .pink, .orange, .yellow]), start: Point(0, 0), end: Point(0, 1150)))
        list.fill(.ellipse(Rect(x: 280, y: 600, width: 340, height: 340)), Color.white.opacity(0.8))
        let ridges: [(base: Double, color: Color)] = [(980, Color(red: 0.42, green: 0.2, blue: 0.5)),
                                                      (1140, Color(red: 0.26, green: 0.14, blue: 0.42)),
                                                      (1320, Color(red: 0.12, green: 0.08, blue: 0.26))]
        for (i, r) in ridges.enumerated() {
            let flip = i % 2 == 0 ? 1.0 : -1.0
            list.fill(.path([.move(Point(0, 1600)), .line(Point(0, r.base)),
                             .curve(Point(300, r.base - 220 * flip), Point(620, r.base + 200 * flip), Point(900, r.base - 40 * flip)),
                             .line(Point(900, 1600)), .close]), r.color)
        }
        return draw(list, "drawn-sunset", width: 900, height: 1600)
    }

    /// Image Derived Gradient Background's three cards: a top-to-bottom gradient and a 120-pt symbol, drawn
    /// at 2× (480 px).
    static let gradientCards: [(title: String, symbol: Icon, colors: [Color])] = [
        ("Sunset horizon", .twilight, [.orange, .pink, .purple]), ("Waves", .waves, [.teal, .blue, .indigo]),
        ("Leaf", .eco, [.mint, .green, .teal]),
    ]

    /// The drawn stand-in for photo `i`: a gradient in its own colours.
    public static func gradientImage(_ i: Int, in context: SceneContext) -> ImageAsset { cached("gradient\(i)", in: context) { makeGradientImage(i) } }
    static func makeGradientImage(_ i: Int) -> ImageAsset {
        let p = gradientCards[i % gradientCards.count]
        var list = DisplayList()
        list.fill(.rect(Rect(x: 0, y: 0, width: 240, height: 240)), LinearGradient(stops: stops(p.colors), start: Point(0, 0), end: Point(0, 240)))
        symbol(p.symbol, in: Rect(x: 60, y: 60, width: 120, height: 120), &list)
        return draw(list, "drawn-\(p.title)", width: 480, height: 480, scale: 2)
    }

    /// The scroll transitions tutorial's `animal-NN` (1…25): a soft card with its name, as the tutorial's
    /// images are its own.
    public static func animalImage(_ n: Int, in context: SceneContext) -> ImageAsset { cached("animal\(n)", in: context) { makeAnimalImage(n) } }
    static func makeAnimalImage(_ n: Int) -> ImageAsset {
        // A pastel of its own for each number: one of the palette's colours mixed 70 % with white.
        let palette: [Color] = [.orange, .yellow, .green, .mint, .teal, .cyan, .blue, .indigo, .purple, .pink]
        let base = palette[(n * 3) % palette.count]
        let c = Color(red: base.red * 0.3 + 0.7, green: base.green * 0.3 + 0.7, blue: base.blue * 0.3 + 0.7)
        var list = DisplayList()
        list.fill(.rect(Rect(x: 0, y: 0, width: 400, height: 300)), c)
        let name = String(printf: "animal-%02d", n)
        let text = TextLayout(name, font: .rounded(.largeTitle, weight: .bold))
        list.append(.text(text, origin: Point((400 - text.size.width) / 2, (300 - text.size.height) / 2), color: Color.black.opacity(0.7)))
        return draw(list, name, width: 800, height: 600, scale: 2)
    }

    static func stops(_ colors: [Color]) -> [GradientStop] {
        colors.enumerated().map { GradientStop(colors.count > 1 ? Double($0.offset) / Double(colors.count - 1) : 0, $0.element) }
    }

    /// A symbol sized to fill `rect`, in white at 85 %.
    static func symbol(_ icon: Icon, in rect: Rect, _ list: inout DisplayList) {
        let layout = TextLayout(icon.text, font: .icons(size: rect.height))
        let origin = Point(rect.midX - layout.size.width / 2, rect.midY - layout.size.height / 2)
        list.append(.text(layout, origin: origin, color: Color.white.opacity(0.85)))
    }

    static func draw(_ list: DisplayList, _ name: String, width: Int, height: Int, scale: Double = 1) -> ImageAsset {
        ImageAsset(name: name, pixels: CairoRenderer().render(list, width: width, height: height, scale: scale, background: .clear))
    }
}
