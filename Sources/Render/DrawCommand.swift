import Geometry

/// An image drawn into a rectangle.
public struct ImageDraw {
    public var image: ImageAsset
    /// The part of the image to draw, in the image's pixels; nil for all of it.
    public var source: Rect?
    /// Where it lands, in points.
    public var destination: Rect
    /// 0…1.
    public var opacity: Double
    /// 0 gray (Rec. 709 luma) … 1 full colour (DESIGN §3).
    public var saturation: Double
    public var filter: ImageFilter

    public init(image: ImageAsset, source: Rect? = nil, destination: Rect, opacity: Double = 1,
                saturation: Double = 1, filter: ImageFilter = .good) {
        self.image = image; self.source = source; self.destination = destination
        self.opacity = opacity; self.saturation = saturation; self.filter = filter
    }
}

/// One drawing instruction: the closed set the renderer understands. Coordinates are points
/// in the current coordinate space (transforms and layers nest).
public enum DrawCommand {
    case fill(Shape, Paint)
    case stroke(Shape, Paint, lineWidth: Double)
    case image(ImageDraw)
    /// A Pango layout with its top-left at `origin`, in `color`.
    case text(TextLayout, origin: Point, color: Color)
    /// A Gaussian-blurred copy of `shape` in `color`, moved by `offset`; `blur` is the
    /// shadow radius in points (σ = radius / 2, as CSS box-shadow).
    case shadow(Shape, color: Color, blur: Double, offset: Point)
    /// Intersects the clip with a shape until the matching `popClip`.
    case pushClip(Shape)
    case popClip
    /// Prepends a transform to the coordinate space until the matching `popTransform`.
    case pushTransform(AffineTransform)
    case popTransform
    /// Draws everything until the matching `popLayer` offscreen, then composites it with
    /// `effect`. `bounds` (points, current space) is the layer's extent: the pixelate
    /// blocks start at its origin and clamp at its edges.
    case pushLayer(LayerEffect, bounds: Rect)
    case popLayer
}
