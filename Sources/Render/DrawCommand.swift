import Geometry

/// An image drawn into a rectangle.
public struct ImageDraw {
    /// The picture.
    public var image: ImageAsset
    /// The part of the image to draw, in the image's pixels; nil for all of it.
    public var source: Rect?
    /// Where it lands, in points.
    public var destination: Rect
    /// 0…1.
    public var opacity: Double
    /// Colour saturation, 0 gray (Rec. 709 luma) … 1 full colour: for opaque pixels the
    /// W3C Filter Effects `saturate()` matrix with Rec. 709 weights. A general feature of
    /// drawing an image (a disabled picture in gray, a photo coming into colour as it
    /// scrolls); both renderers draw it, so a widget needs no layer or shader of its own.
    public var saturation: Double
    /// How the picture is sampled when it is scaled.
    public var filter: ImageFilter
    /// A transform of the drawn image within the current space (e.g. a Ken Burns zoom), kept
    /// apart from the coordinate space so that the cached copy does not change every frame.
    public var contentTransform: AffineTransform
    /// How much larger than `destination` the image may be shown through `contentTransform`;
    /// the cached copy is made that much larger once and filtered down each frame.
    public var cacheScale: Double

    /// A draw of `image` (its `source` part, or all of it) into `destination`, at `opacity` and `saturation`,
    /// sampled with `filter`, its content moved by `contentTransform`.
    public init(image: ImageAsset, source: Rect? = nil, destination: Rect, opacity: Double = 1,
                saturation: Double = 1, filter: ImageFilter = .good,
                contentTransform: AffineTransform = .identity, cacheScale: Double = 1) {
        self.image = image; self.source = source; self.destination = destination
        self.opacity = opacity; self.saturation = saturation; self.filter = filter
        self.contentTransform = contentTransform; self.cacheScale = cacheScale
    }
}

/// One drawing instruction: the closed set the renderer understands. Coordinates are points
/// in the current coordinate space (transforms and layers nest).
public enum DrawCommand {
    /// A filled shape; `opacity` scales the paint (a lone shape fading needs no layer).
    case fill(Shape, Paint, opacity: Double = 1)
    /// The outline of a shape, `lineWidth` points wide, centred on its edge.
    case stroke(Shape, Paint, lineWidth: Double)
    /// A photo or picture.
    case image(ImageDraw)
    /// A Pango layout with its top-left at `origin`, filled with `paint` (a colour, or a
    /// gradient in the layout's own coordinates).
    case text(TextLayout, origin: Point, paint: Paint)
    /// A Gaussian-blurred copy of `shape` in `color`, moved by `offset`; `blur` is the
    /// shadow radius in points (σ = radius / 2, as CSS box-shadow).
    case shadow(Shape, color: Color, blur: Double, offset: Point)
    /// Intersects the clip with a shape until the matching `popClip`.
    case pushClip(Shape)
    /// Ends the innermost `pushClip`.
    case popClip
    /// Prepends a transform to the coordinate space until the matching `popTransform`.
    case pushTransform(AffineTransform)
    /// Ends the innermost `pushTransform`.
    case popTransform
    /// Draws everything until the matching `popLayer` offscreen, then composites it with
    /// `effect`. `bounds` (points, current space) is the layer's extent: the pixelate
    /// blocks start at its origin and clamp at its edges.
    case pushLayer(LayerEffect, bounds: Rect)
    /// Ends the innermost `pushLayer`, compositing it.
    case popLayer
}

extension DrawCommand {
    /// Text in one colour.
    public static func text(_ layout: TextLayout, origin: Point, color: Color) -> DrawCommand {
        .text(layout, origin: origin, paint: .color(color))
    }
}

/// Equal commands draw the same pixels, given the same photos: a photo compares by identity
/// (its pixels may still arrive), a text layout by identity (it is immutable).
extension ImageDraw: Hashable {
    public static func == (a: ImageDraw, b: ImageDraw) -> Bool {
        a.image === b.image && a.source == b.source && a.destination == b.destination && a.opacity == b.opacity
            && a.saturation == b.saturation && a.filter == b.filter && a.contentTransform == b.contentTransform
            && a.cacheScale == b.cacheScale
    }
    public func hash(into h: inout Hasher) {
        h.combine(ObjectIdentifier(image)); h.combine(destination); h.combine(opacity); h.combine(saturation)
    }
}

extension TextLayout: Hashable {
    public static func == (a: TextLayout, b: TextLayout) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

extension DrawCommand: Hashable {}

extension DisplayList {
    /// The index of the `popLayer` (or pop of any kind) that closes the push at `start`, if any.
    public func matchingPop(from start: Int) -> Int? {
        var depth = 0
        for i in start..<commands.count {
            switch commands[i] {
            case .pushClip, .pushTransform, .pushLayer: depth += 1
            case .popClip, .popTransform, .popLayer:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }
}
