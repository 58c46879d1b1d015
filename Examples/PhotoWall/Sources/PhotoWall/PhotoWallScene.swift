import LumenApp

/// The 25 animal photos in a grid that scrolls, each gaining colour near the middle of the
/// screen (tap one for full colour), over a bar whose buttons colour them all or give them
/// back to the scroll. Made for a portrait kiosk screen (1080 × 1920).
public final class PhotoWallScene: Scene {
    public static let name = "photo-wall"
    public static let title = "Photo wall"
    public static let summary = "25 animals in a scrolling grid, with a bar to show them all in colour"

    public let root: Node
    /// The photos, in order.
    public let photos: [ColorRevealImage]

    /// Lumen's 25 bundled animals: each photo's path in the assets and its title.
    public static let animals: [(file: String, title: String)] = {
        let names = ["bison", "chameleon", "hedgehog", "jaguar", "kangaroo", "koala", "lemur", "moose", "panda",
                     "polar_bear", "scarlet_macaw", "cat", "chicken", "cow", "dog", "duck", "horse", "owl", "pig",
                     "sheep", "kingfisher", "red_panda", "crab", "giraffe", "pika"]
        return names.enumerated().map { i, name in
            ("animals/" + (i < 9 ? "0" : "") + "\(i + 1)_\(name).jpg", name.replacing("_", with: " ").capitalized)
        }
    }()

    public init(context: SceneContext) throws(SettingError) {
        let photos = Self.animals.map { file, title in
            ColorRevealImage(image: context.photo(file, shownIn: Size(width: 400, height: 300)),
                             title: title, cornerRadius: 16, motion: context.motion)
        }
        let grid = AdaptiveGrid(minimum: 260, maximum: 400, spacing: 16, photos).padding(24)
        let bar = HStack(spacing: 12, [
            Button("All in colour", icon: .palette) { for p in photos where !p.isRevealed { p.toggle() } },
            Button("Follow the scroll") { for p in photos where p.isRevealed { p.toggle() } },
        ]).padding(16).frame(maxWidth: .infinity).background(.groupedBackground)
        self.photos = photos
        root = VStack(spacing: 0, [ScrollView(grid).frame(maxWidth: .infinity, maxHeight: .infinity), bar])
    }
}

extension SceneCatalog {
    /// The photo wall's scenes, as its `main.swift` and its tests run them.
    public static let photoWall = SceneCatalog(
        title: "Photo Wall", command: "photo-wall", summary: "a kiosk photo wall built on Lumen",
        sections: [.init("Walls", note: "Tap a photo for its colour; the bar colours them all.", [PhotoWallScene.self, PhotoRowScene.self])])
}
