/// Interpolation helpers on plain numbers.
package enum Interpolation {
    /// a + (b − a)·t; t is not clamped.
    @inlinable public static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
    /// Clamps `x` into lo…hi.
    @inlinable public static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(max(x, lo), hi) }
    /// Maps x from the range a0…a1 onto b0…b1 linearly (not clamped); b0 when a0 == a1.
    @inlinable public static func remap(_ x: Double, from a0: Double, _ a1: Double, to b0: Double, _ b1: Double) -> Double {
        a1 == a0 ? b0 : b0 + (x - a0) / (a1 - a0) * (b1 - b0)
    }
    /// a + (b − a)·t for each coordinate; t is not clamped.
    public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
    }
    /// a + (b − a)·t for each component, on the sRGB-encoded values and straight alpha; t is
    /// not clamped.
    public static func lerp(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: lerp(a.red, b.red, t), green: lerp(a.green, b.green, t),
              blue: lerp(a.blue, b.blue, t), alpha: lerp(a.alpha, b.alpha, t))
    }
}
