import Effects
import Geometry
import Render

/// A photo, resizable, drawn fit or fill-and-crop in its bounds, optionally with rounded
/// corners, saturation and opacity. While its asset loads it shows a neutral placeholder;
/// if loading failed, a placeholder with a broken-image icon and the file name.
public final class ImageNode: Node {
    /// The picture shown; a new one lays the node out again.
    public var asset: ImageAsset { didSet { if asset !== oldValue { observe(); setNeedsLayout() } } }
    /// How the picture fills the node: cropped to fill it, or fitted inside.
    public var contentMode: ContentMode { didSet { if contentMode != oldValue { setNeedsDisplay() } } }
    /// The corners' radius, in points (0: square).
    public var cornerRadius: Double { didSet { if cornerRadius != oldValue { updateClip() } } }
    /// Circular or continuous (squircle) corners.
    public var cornerStyle: CornerStyle { didSet { if cornerStyle != oldValue { updateClip() } } }
    /// 0 gray … 1 full colour. Animatable ("saturation").
    public var saturation: Double {
        didSet {
            guard saturation != oldValue else { return }
            if animateChange(\.saturation, from: oldValue) { return }
            setNeedsDisplay()
        }
    }
    /// The photo's own opacity (not the subtree's). Animatable ("imageOpacity").
    public var imageOpacity: Double {
        didSet {
            guard imageOpacity != oldValue else { return }
            if animateChange(\.imageOpacity, from: oldValue) { return }
            setNeedsDisplay()
        }
    }

    /// Moves the photo inside the node without moving the node (Ken Burns); see
    /// `ImageDraw.contentTransform`.
    public var contentTransform: AffineTransform = .identity { didSet { if contentTransform != oldValue { setNeedsDisplay() } } }
    /// The most the content transform enlarges the photo (the renderer caches one copy that large).
    public var contentCacheScale = 1.0

    /// A node showing `asset`, filling or fitting, with rounded corners, at `saturation` (0 gray, 1 full
    /// colour) and `opacity`.
    public init(_ asset: ImageAsset, contentMode: ContentMode = .fill, cornerRadius: Double = 0,
                cornerStyle: CornerStyle = .continuous, saturation: Double = 1, opacity: Double = 1) {
        self.asset = asset; self.contentMode = contentMode; self.cornerRadius = cornerRadius
        self.cornerStyle = cornerStyle; self.saturation = saturation; imageOpacity = opacity
        super.init()
        semantics.traits = [.image]
        updateClip()
        observe()
    }

    public override var paintsContent: Bool { true }
    public override var appliesOpacityItself: Bool { true }

    private func observe() {
        asset.observe { [weak self] changed in
            guard let self, changed === self.asset else { return }
            self.setNeedsLayout()
        }
    }

    private func updateClip() {
        clip = cornerRadius > 0 ? .roundedRect(radius: cornerRadius, style: cornerStyle) : (contentMode == .fill ? .rect : nil)
    }

    /// The image's size in points (pixels at scale 1); nil until it is loaded.
    public var intrinsicSize: Size? { asset.pixelSize }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        // Resizable: it takes what it is offered; its ideal size is the image's own.
        let ideal = intrinsicSize ?? Size(width: 100, height: 100)
        let s = proposal.replacingUnspecified(with: ideal)
        return Size(width: s.width.isFinite ? s.width : ideal.width, height: s.height.isFinite ? s.height : ideal.height)
    }

    /// The source rectangle (image pixels) and destination (points) that draw the image
    /// fit or fill-and-crop in `bounds`. Fill crops the source rather than clipping.
    public static func placement(imageSize: Size, bounds: Rect, mode: ContentMode) -> (source: Rect, destination: Rect) {
        let full = Rect(size: imageSize)
        let fitted = ContentFitting.rect(for: imageSize, in: bounds, mode: mode)
        guard mode == .fill, fitted.width > 0, fitted.height > 0 else { return (full, fitted) }
        let sx = imageSize.width / fitted.width, sy = imageSize.height / fitted.height
        let visible = fitted.intersection(bounds)
        let source = Rect(x: (visible.minX - fitted.minX) * sx, y: (visible.minY - fitted.minY) * sy,
                          width: visible.width * sx, height: visible.height * sy)
        return (source, visible)
    }

    /// A photo fitted inside its frame casts its shadow from the photo, not the letterbox bars.
    public override var shadowShape: Shape {
        guard contentMode == .fit, let size = asset.pixelSize else { return super.shadowShape }
        let drawn = ImageNode.placement(imageSize: size, bounds: bounds, mode: .fit).destination
        return (clip ?? .rect).shape(in: drawn)
    }

    public override func paint(into list: inout DisplayList) {
        let b = bounds
        guard let size = asset.pixelSize else { paintPlaceholder(into: &list, failed: asset.failure != nil); return }
        let (source, destination) = ImageNode.placement(imageSize: size, bounds: b, mode: contentMode)
        list.append(.image(ImageDraw(image: asset, source: source, destination: destination,
                                     opacity: imageOpacity * paintOpacity, saturation: saturation,
                                     contentTransform: contentTransform, cacheScale: contentTransform.isIdentity ? 1 : contentCacheScale)))
    }

    private func paintPlaceholder(into list: inout DisplayList, failed: Bool) {
        let b = bounds
        let o = paintOpacity
        list.fill(.rect(b), (failed ? Color(r: 229, g: 229, b: 234) : Color(r: 209, g: 209, b: 214)).opacity(o))
        let side = min(min(b.width, b.height) * 0.3, 64)
        guard side >= 8 else { return }
        let icon = TextLayout((failed ? Icon.brokenImage : Icon.photo).text, font: .icons(size: side))
        let iconOrigin = Point(x: b.midX - icon.size.width / 2, y: b.midY - icon.size.height / 2 - (failed ? 10 : 0))
        list.append(.text(icon, origin: iconOrigin, color: Color(r: 142, g: 142, b: 147).opacity(o)))
        if failed, b.width > 60 {
            let caption = TextLayout("Can’t open \(asset.name)", font: .style(.caption), width: b.width - 16, maxLines: 2, alignment: .center)
            list.append(.text(caption, origin: Point(x: 8, y: iconOrigin.y + icon.size.height + 4), color: Color(r: 99, g: 99, b: 102).opacity(o)))
        }
    }
}
