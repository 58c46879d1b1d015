import Animation
import Effects
import Geometry
import Render

/// A photo in black and white that gains colour as it nears the middle of its scroll view
/// along the view's axis (down a vertical list, across a horizontal row), and shows full colour
/// while tapped on (Color Reveal Image). Outside a scroll view it stays gray until
/// tapped. A tap (mouse, touch, or Space / Return when focused) fades the colour in or out over
/// 0.5 s ease-in-out, at once with Reduce Motion; scrolling keeps updating the colour, which
/// adds no motion, so Reduce Motion leaves it on.
///
/// Fill-and-crop with continuous corners. Semantics: a button labelled by the title, valued
/// "In full color" / "Color follows scrolling"; the photo itself is hidden.
public final class ColorRevealImage: ProxyNode {
    /// The photo's title, its button's label.
    public let title: String
    /// Width / height; animatable (a change inside `withAnimation` eases to the new shape).
    public var aspectRatio: Double {
        didSet {
            if !(aspectRatio > 0 && aspectRatio.isFinite) { aspectRatio = 1 }
            guard aspectRatio != oldValue else { return }
            if animateChange(\.aspectRatio, from: oldValue) { return }
            frameNode.ratio = aspectRatio
        }
    }
    /// Continuous corner radius in points; animatable.
    public var cornerRadius: Double {
        didSet {
            if !(cornerRadius.isFinite && cornerRadius >= 0) { cornerRadius = 0 }
            guard cornerRadius != oldValue else { return }
            if animateChange(\.cornerRadius, from: oldValue) { return }
            image.cornerRadius = cornerRadius
        }
    }
    /// Whether a tap has revealed it in full colour.
    public private(set) var isRevealed = false
    /// The saturation scrolling gives (0 outside a scroll view).
    public private(set) var scrollSaturation = 0.0
    /// 0…1, animated: how much of the full-colour copy shows.
    public var revealAmount = 0.0 {
        didSet {
            guard revealAmount != oldValue else { return }
            if animateChange(\.revealAmount, from: oldValue) { return }
            updateSaturation()
        }
    }

    package let image: ImageNode
    package let button: Button
    private let frameNode: AspectRatio
    private let motion: MotionSettings

    /// How a tap reveals it: ease in and out over 0.5 s, as the Color Reveal Image component.
    public static let revealAnimation = Animation.easeInOut(duration: 0.5)

    /// A photo titled `title`, gray until it nears the middle of its scroll view or is tapped.
    ///
    /// - Parameters:
    ///   - asset: The photo, usually `SceneContext.photo(_:shownIn:)`'s.
    ///   - title: The button's label for screen readers, and the photo's name.
    ///   - aspectRatio: Width / height of the frame the photo fills and is cropped to (≤ 0 or
    ///     not finite means 1); 4 : 3 as the component's.
    ///   - cornerRadius: Continuous corner radius in points (negative means 0); 24 as the
    ///     component's.
    ///   - motion: The app's motion settings: with Reduce Motion a tap changes colour at once.
    public init(image asset: ImageAsset, title: String, aspectRatio: Double = 4.0 / 3.0, cornerRadius: Double = 24,
                motion: MotionSettings = MotionSettings()) {
        self.title = title
        self.aspectRatio = aspectRatio > 0 && aspectRatio.isFinite ? aspectRatio : 1
        self.cornerRadius = max(cornerRadius.isFinite ? cornerRadius : 0, 0)
        self.motion = motion
        image = ImageNode(asset, contentMode: .fill, cornerRadius: self.cornerRadius, cornerStyle: .continuous, saturation: 0)
        image.semantics.hidden = true
        var toggle: () -> Void = {}
        frameNode = AspectRatio(self.aspectRatio, mode: .fit, image)
        button = Button(label: title, content: frameNode) { toggle() }
        super.init(button)
        button.semantics.value = "Color follows scrolling"
        toggle = { [unowned self] in self.toggle() }
        onScrollGeometryChange = { [unowned self] _ in self.updateFromScroll() }
    }

    /// Taps land here: full colour on, or back to following the scroll.
    public func toggle() {
        isRevealed.toggle()
        button.semantics.value = isRevealed ? "In full color" : "Color follows scrolling"
        withAnimation(motion.reduceMotion ? nil : ColorRevealImage.revealAnimation) {
            revealAmount = isRevealed ? 1 : 0
        }
    }

    public override func placeChildren(in size: Size) {
        super.placeChildren(in: size)
        updateFromScroll()
    }

    /// Reads the frame in the scroll view's viewport and sets the scroll-driven saturation.
    func updateFromScroll() {
        if let p = scrollPlacement {
            scrollSaturation = ColorReveal.saturation(distance: p.distanceFromCenter, viewportLength: p.viewportLength)
        } else {
            scrollSaturation = 0
        }
        updateSaturation()
    }

    private func updateSaturation() {
        image.saturation = ColorReveal.combined(scroll: scrollSaturation, reveal: revealAmount)
    }
}
