import LumenApp

/// The animals in one row across the screen, the one in the middle in colour (Color Reveal
/// along a horizontal scroll view), stepped one photo at a time by Previous and Next with a
/// spring, or dragged and flung to rest with a photo centred.
public final class PhotoRowScene: Scene {
    public static let name = "photo-row"
    public static let title = "Photo row"
    public static let summary = "the animals in a row, one in colour in the middle, stepped by Previous and Next"

    public let root: Node
    /// The row.
    public let row: ScrollView

    public init(context: SceneContext) throws(SettingError) {
        let photo = Size(width: 480, height: 360)
        let photos = PhotoWallScene.animals.map { file, title in
            ColorRevealImage(image: context.photo(file, shownIn: photo), title: title, cornerRadius: 20, motion: context.motion)
                .frame(width: photo.width, height: photo.height)
        }
        let row = ScrollView(axis: .horizontal, HStack(spacing: 24, photos))
        row.targetBehavior = .viewAligned(.center)
        row.centersEndItems = true
        // A spring, unless Reduce Motion is on (then the row moves at once).
        let step = { context.motion.reduceMotion ? nil : Animation.bouncy }
        let bar = HStack(spacing: 16, [
            Button("Previous", icon: .arrowBack) { row.scrollBy(items: -1, animation: step()) },
            Button("Next", icon: .arrowForward) { row.scrollBy(items: 1, animation: step()) },
        ]).padding(16)
        self.row = row
        root = VStack(spacing: 0, [row.frame(maxWidth: .infinity, maxHeight: .infinity), bar])
            .background(.groupedBackground)
    }
}
