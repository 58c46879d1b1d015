import Geometry

/// How a layer (a subtree drawn offscreen) is composited back.
public enum LayerEffect: Sendable, Hashable {
    /// Group opacity 0…1: the subtree fades as one picture (overlaps do not show through).
    case opacity(Double)
    /// A mosaic: square blocks of `blockSize` points (fractional allowed), each the colour at
    /// its centre, clamped inside the layer's bounds. A size ≤ 1 draws the layer untouched.
    /// A general effect on any subtree (a spoiler, a hidden name, a transition through
    /// blocks); both renderers draw it.
    case pixelate(blockSize: Double)
    /// A projective transform of the layer's points (e.g. a 3D rotation with perspective),
    /// resampled bilinearly.
    case projection(Projection)
    /// A blurred copy of the layer's silhouette in `color`, moved by `offset`, under the layer
    /// (SwiftUI's `.shadow` on any view: text, icons). Blur radius in points, σ = radius / 2.
    case dropShadow(color: Color, radius: Double, offset: Point)
}

/// The filter used when an image is drawn at a size other than its cached one.
public enum ImageFilter: Sendable, Hashable {
    /// Nearest-neighbour: hard pixel edges.
    case nearest
    /// Bilinear: smooth.
    case bilinear
    /// Box-filtered downscaling / bilinear upscaling (Cairo's GOOD).
    case good
}
