import Geometry
import Render
import Scenes
import Widgets

/// The renderer's showcase: every display-list command in one picture, each tile captioned
/// with what it shows (shapes and corners, strokes, gradients, shadow, saturation 0 / 0.5 /
/// 1, pixelate, projection, wrapped text, icons, group opacity, clip and transform, text styles).
public final class SwatchesScene: Scene {
    public let root: Node
    public var background: Color { .groupedBackground }
    public static let name = "swatches"
    public static let title = "Renderer swatches"
    public static let summary = "every display-list command in one picture"

    static let tile = Size(width: 220, height: 140)

    public init(context: SceneContext) throws(SettingError) {
        let photo = context.photo("gallery/05_meadow.jpg")
        let reef = context.photo("gallery/02_sea_reef.jpg")
        let w = SwatchesScene.tile.width, h = SwatchesScene.tile.height

        func tile(_ caption: String, _ content: Node) -> Node {
            VStack(spacing: 6, alignment: .leading, [
                content.frame(width: w, height: h),
                TextNode(caption, style: .caption, weight: .medium, color: .secondaryLabel),
            ])
        }
        func photoTile(_ asset: ImageAsset, saturation: Double = 1) -> ImageNode {
            ImageNode(asset, contentMode: .fill, cornerRadius: 16, cornerStyle: .continuous, saturation: saturation)
        }

        let card = ShapeNode(.roundedRect(radius: 20, style: .continuous), fill: .color(.white))
        card.shadow = ShadowStyle(color: Color.black.opacity(0.25), radius: 14, x: 0, y: 8)
        let cardBody = VStack(spacing: 4, alignment: .leading, [
            TextNode("Shadowed card", style: .headline),
            TextNode("Blur 14 pt, offset 8 pt", style: .caption, color: .secondaryLabel),
        ]).padding(16).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)

        let pixelated = photoTile(photo)
        pixelated.layerEffect = .pixelate(blockSize: 14)
        let projected = photoTile(reef)
        projected.layerEffect = .projection(.rotation3D(degrees: 30, axis: (0, 1, 0), size: SwatchesScene.tile))

        let icons: [(Icon, Color)] = [(.trophy, .yellow), (.eye, .blue), (.eyeSlash, .gray), (.photo, .teal),
                                      (.star, .orange), (.heart, .pink), (.sun, .orange), (.pets, .indigo)]
        let iconRows = VStack(spacing: 10, [
            HStack(spacing: 14, icons.prefix(4).map { TextNode($0.0.text, font: .icons(size: 36), color: $0.1).accessibility(label: "\($0.0)", hidden: false) }),
            HStack(spacing: 14, icons.suffix(4).map { TextNode($0.0.text, font: .icons(size: 36), color: $0.1).accessibility(label: "\($0.0)", hidden: false) }),
        ])

        let overlap = ZStack(alignment: .topLeading, [
            ShapeNode(.ellipse, fill: .color(.red)).frame(width: 90, height: 90),
            ShapeNode(.ellipse, fill: .color(.blue)).frame(width: 90, height: 90).padding(Insets(top: 30, leading: 50)),
        ])
        overlap.opacity = 0.5

        let rotated = photoTile(photo)
        let rotatedHolder = rotated.frame(width: w * 1.2, height: h * 1.2)
        rotatedHolder.transform = .rotation(0.14, about: Point(x: w * 0.6, y: h * 0.6))
        let clipped = ZStack([rotatedHolder]).frame(width: w, height: h)
        // The holder is 1.2× the tile and centred, so after turning 8° it still covers it.
        clipped.clip = .roundedRect(radius: 28, style: .circular)

        let styles = VStack(spacing: 0, alignment: .leading, [
            TextNode("Large title", style: .largeTitle, weight: .bold),
            TextNode("Headline", style: .headline),
            TextNode("Body text", style: .body),
            TextNode("Caption", style: .caption, color: .secondaryLabel),
        ])

        let rows: [[Node]] = [
            [tile("Rounded rect, circular corners", ShapeNode(.roundedRect(radius: 36, style: .circular), fill: .color(.blue))),
             tile("Rounded rect, continuous corners", ShapeNode(.roundedRect(radius: 36, style: .continuous), fill: .color(.orange))),
             tile("Stroked ellipse and rect", ZStack([
                ShapeNode(.roundedRect(radius: 12, style: .continuous), stroke: (Color.indigo, 3)),
                ShapeNode(.ellipse, stroke: (Color.pink, 6)).padding(18)])),
             tile("Linear gradient, three stops", ShapeNode(.roundedRect(radius: 18, style: .continuous),
                                                             fill: .gradient([.indigo, .purple, .orange], from: .topLeading, to: .bottomTrailing))),
             tile("Shadow", ZStack([card, cardBody]).padding(10))],
            [tile("Photo, saturation 0.0", photoTile(photo, saturation: 0)),
             tile("Photo, saturation 0.5", photoTile(photo, saturation: 0.5)),
             tile("Photo, saturation 1.0", photoTile(photo, saturation: 1)),
             tile("Pixelate, 14 pt blocks", pixelated),
             tile("Projection, 30° about y", projected)],
            [tile("Wrapped text", TextNode("Rivera wins the final in the last minute, after trailing for the whole second half.",
                                           style: .body).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)),
             tile("Icons (Material Icons)", iconRows),
             tile("Group opacity 0.5", overlap),
             tile("Clip and rotation", clipped),
             tile("Text styles", styles.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))],
        ]

        let header = VStack(spacing: 2, alignment: .leading, [
            TextNode("Swatches", style: .largeTitle, weight: .bold),
            TextNode("Every display-list command of Lumen's renderer", style: .subheadline, color: .secondaryLabel),
        ]).frame(maxWidth: .infinity, alignment: .leading)
        // Five tiles a row on a wide window, fewer on a narrow one; the page scrolls.
        let grid = AdaptiveGrid(minimum: w, maximum: w, spacing: 20, alignment: .leading, rows.flatMap { $0 })
        let page = VStack(spacing: 20, alignment: .leading, [header, grid])
            .padding(24)
            .frame(maxWidth: .infinity, alignment: .topLeading)
        root = ScrollView(page).frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
