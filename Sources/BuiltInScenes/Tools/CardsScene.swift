import Geometry
import Render
import Scenes
import Widgets

/// The renderer's own benchmark (the frame `lumen bench` times by default): a gradient background and six 600×450 photo
/// cards with 24 pt continuous corners at saturations 0, 0.2 … 1, in two columns, moving up
/// 1 pt per frame (60 pt/s) and wrapping around, so every frame redraws the whole window.
public final class CardsScene: Scene {
    public let root: Node
    private let cards: [Node]
    private let canvas: Node
    public var isAnimating: Bool { true }
    public static let name = "cards"
    public static let title = "Photo cards"
    public static let summary = "renderer benchmark: six 600×450 photo cards moving 1 pt per frame"

    static let cardSize = Size(width: 600, height: 450)
    static let gap = 20.0
    /// Points per second (1 pt per frame at 60 Hz).
    static let speed = 60.0

    public init(context: SceneContext) throws(SettingError) {
        let photos = ["gallery/01_forest.jpg", "gallery/02_sea_reef.jpg", "gallery/03_canyon.jpg",
                      "gallery/04_mountains.jpg", "gallery/05_meadow.jpg", "gallery/06_river_night.jpg"]
        cards = photos.enumerated().map { i, path in
            // Decoded for the card (JPEG's DCT scaling), not whole: six whole photos and their
            // colour and gray pyramids held 90 MB, given back each time a playlist moved on.
            let image = ImageNode(context.photo(path, shownIn: CardsScene.cardSize), contentMode: .fill, cornerRadius: 24, cornerStyle: .continuous,
                                  saturation: Double(i) / 5)
            return image.frame(width: CardsScene.cardSize.width, height: CardsScene.cardSize.height)
        }
        canvas = ZStack(alignment: .topLeading, cards).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        root = Decorated(canvas, backgrounds: [ShapeNode(.rect, fill: .gradient([.indigo, .purple, .orange], from: .topLeading, to: .bottomTrailing))])
        update(time: 0)
    }

    public func update(time: Double) {
        let rowHeight = CardsScene.cardSize.height + CardsScene.gap
        let period = rowHeight * 3
        let shift = (time * CardsScene.speed).truncatingRemainder(dividingBy: period)
        for (i, card) in cards.enumerated() {
            let column = Double(i % 2), row = Double(i / 2)
            var y = CardsScene.gap + row * rowHeight - shift
            if y < -rowHeight { y += period }
            card.transform = .translation(CardsScene.gap + column * (CardsScene.cardSize.width + CardsScene.gap), y)
        }
    }
}
