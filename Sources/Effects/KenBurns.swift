import Geometry

/// Ken Burns' math (the Ken Burns Image component): a picture that slowly zooms from 1.02 about one
/// unit point to `zoom` about another, filling its frame without ever showing an edge.
package enum KenBurns {
    /// The scale at the start of a pass.
    public static let startScale = 1.02

    /// Scale and anchor (a unit point of the frame) at eased progress p (0 start … 1 end):
    /// both move together, as SwiftUI animates `scaleEffect(_:anchor:)`.
    public static func state(progress p: Double, zoom: Double, from: UnitPoint, to: UnitPoint) -> (scale: Double, anchor: UnitPoint) {
        let end = zoom.isFinite ? max(zoom, 1) : 1
        let s = startScale + (end - startScale) * p
        return (s, UnitPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p))
    }

    /// The transform of a picture drawn filling `image` (the scaled-to-fill rect, which
    /// overflows the frame along one axis): a scale about the anchor's point of the picture
    /// itself, as SwiftUI's `scaleEffect(_:anchor:)` on the `scaledToFill()` image takes its
    /// anchor in the image's own frame, p' = a + s·(p − a) with a = image.origin + anchor·image.size.
    /// So a portrait window pans across a landscape photo, and since the anchor lies in the
    /// picture and s ≥ 1, the picture still covers everything it covered.
    public static func transform(scale s: Double, anchor: UnitPoint, in image: Rect) -> AffineTransform {
        let a = Point(image.minX + anchor.x * image.width, image.minY + anchor.y * image.height)
        return .scale(s, s, about: a)
    }

    /// The same for a picture exactly the frame's size.
    public static func transform(scale s: Double, anchor: UnitPoint, size: Size) -> AffineTransform {
        transform(scale: s, anchor: anchor, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// The component's duration rule: at least 0.1 s.
    public static func duration(_ d: Double) -> Double { d.isFinite ? max(d, 0.1) : 12 }
}
