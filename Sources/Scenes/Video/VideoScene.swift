import Geometry
import Imaging
import Render
import Widgets

/// A playlist's video entry on screen: the frame fitted to the window on black. The runner
/// moves the video (its time starts with the entry's first frame); the scene only shows it.
final class VideoScene: Scene {
    static let name = "video"
    static let title = "Video"
    let root: Node
    let picture: ImageNode
    var background: Color { .black }
    /// The video shown (nil until the runner gives it).
    var player: (any VideoPlaying)?
    /// Moving from its first frame (shown before time starts) until its last.
    var isAnimating: Bool { player?.state == .playing || player?.state == .ready }

    init(context: SceneContext) throws(SettingError) {
        picture = ImageNode(ImageAsset(name: "video", state: .loading), contentMode: .fit)
        picture.semantics.label = "Video"
        root = picture
    }

    /// Shows `player`'s frames from now on.
    func show(_ player: any VideoPlaying) {
        self.player = player
        picture.asset = player.asset
        picture.semantics.label = "Video: \(player.asset.name)"
    }
}
