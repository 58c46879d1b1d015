import Animation
import Effects
import Geometry
import Render

/// A still photo that slowly zooms and pans (Ken Burns Image): scale 1.02 about `from` to
/// max(zoom, 1) about `to`, ease-in-out over max(duration, 0.1) s, forever, reversing each
/// pass. It fills its frame and never shows an edge, at any size or aspect ratio, because it
/// only ever scales up (≥ 1) about a point inside the frame. With Reduce Motion it stays still
/// at the start, and starts moving when Reduce Motion is turned off.
///
/// Semantics: one image element with the label.
public final class KenBurnsImage: ProxyNode {
    /// Seconds per pass; a change starts the motion again at that pace.
    public var duration: Double { didSet { if duration != oldValue, started { restart() } } }
    /// The largest scale; animatable (the motion goes on while it eases to the new zoom).
    public var zoom: Double {
        didSet {
            guard zoom != oldValue else { return }
            if animateChange(\.zoom, from: oldValue) { return }
            updateTransform()
        }
    }
    /// Unit points the zoom starts and ends about; animatable.
    public var from: UnitPoint {
        didSet {
            guard from != oldValue else { return }
            if animateChange(\.from, from: oldValue) { return }
            updateTransform()
        }
    }
    /// Where the pan ends, as a unit point of the photo.
    public var to: UnitPoint {
        didSet {
            guard to != oldValue else { return }
            if animateChange(\.to, from: oldValue) { return }
            updateTransform()
        }
    }
    /// Eased progress 0…1 of the current pass, animated ("progress").
    public var progress = 0.0 {
        didSet {
            guard progress != oldValue else { return }
            if animateChange(\.progress, from: oldValue) { return }
            updateTransform()
        }
    }
    let image: ImageNode
    /// The photo being shown.
    public var asset: ImageAsset { image.asset }
    private let motion: MotionSettings
    private var started = false

    /// A Ken Burns pan and zoom over `image`, labelled `label`: from `from` to `to` over `duration` seconds,
    /// zoomed `zoom` times, held still with Reduce Motion.
    public init(image asset: ImageAsset, label: String, duration: Double = 12, zoom: Double = 1.3,
                from: UnitPoint = .topLeading, to: UnitPoint = .bottomTrailing, motion: MotionSettings = MotionSettings()) {
        self.duration = duration; self.zoom = zoom; self.from = from; self.to = to; self.motion = motion
        image = ImageNode(asset, contentMode: .fill)
        image.semantics.hidden = true
        super.init(image)
        clip = .rect
        semantics = Semantics(label: label, traits: [.image])
        motion.observe { [weak self] _ in self?.restart() }
    }

    /// The animation of one pass, repeating with autoreverse.
    public var animation: Animation { .easeInOut(duration: KenBurns.duration(duration)).repeatForever(autoreverses: true) }

    public override func placeChildren(in size: Size) {
        super.placeChildren(in: size)
        updateTransform()
        if !started, tree != nil { started = true; restart() }
    }

    /// Starts the motion (or holds still with Reduce Motion).
    func restart() {
        if motion.reduceMotion {
            progress = 0
        } else {
            progress = 0
            withAnimation(animation) { progress = 1 }
        }
    }

    private func updateTransform() {
        let s = KenBurns.state(progress: progress, zoom: zoom, from: from, to: to)
        // Anchored in the filled photo (which overflows the frame), as the component's scaleEffect is.
        let filled = image.asset.pixelSize.map { ImageNode.placement(imageSize: $0, bounds: Rect(size: frame.size), mode: .fill).destination }
            ?? Rect(size: frame.size)
        image.contentTransform = KenBurns.transform(scale: s.scale, anchor: s.anchor, in: filled)
        image.contentCacheScale = max(zoom.isFinite ? zoom : 1, KenBurns.startScale)
    }
}
