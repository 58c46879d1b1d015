import Geometry

/// Where a photo lands and which pixels of which copy each device pixel reads: the one rule
/// Cairo and the GPU renderer share, so still photos get the same pixels from both.
///
/// A photo shown smaller than its pixels is drawn from a copy at its size on screen
/// (`copyWidth` × `copyHeight`, times `cacheScale`); larger, from its own pixels. Upright and
/// still (axis-aligned, no content transform), the copy is drawn 1:1 in device space (`exact`):
/// a scale within 0.2 % of 1 snaps to 1 and a translation within 1/32 px of a whole pixel snaps
/// to it, so the copy lands texel for pixel.
public struct ImagePlacement {
    /// Size of the picture drawn from, in pixels.
    public let copyWidth: Int, copyHeight: Int
    /// Drawn 1:1 from an exact copy, in device space.
    public let exact: Bool
    /// Exact: device pixel → copy pixel. Otherwise user point → copy pixel (the content
    /// transform undone first).
    public let toCopy: AffineTransform
    /// The photo's clip: device pixels when exact, else user space (moved by the content transform).
    public let clipRect: Rect

    /// For `d` of a photo of `imageSize` pixels under the transform `m` (user → device); nil
    /// when its source rectangle is empty.
    public init?(_ d: ImageDraw, imageSize: Size, transform m: AffineTransform) {
        let imageW = imageSize.width, imageH = imageSize.height
        let src = d.source ?? Rect(x: 0, y: 0, width: imageW, height: imageH)
        guard src.width > 0, src.height > 0 else { return nil }
        // Device pixels per image pixel along each axis.
        let axisAligned = abs(m.b) < 1e-9 && abs(m.c) < 1e-9
        let kx = d.destination.width * (axisAligned ? abs(m.a) : (m.a * m.a + m.b * m.b).squareRoot()) / src.width
        let ky = d.destination.height * (axisAligned ? abs(m.d) : (m.c * m.c + m.d * m.d).squareRoot()) / src.height
        let extra = max(d.cacheScale.isFinite ? d.cacheScale : 1, 1)
        let sw = max(Int((imageW * kx * extra).rounded()), 1), sh = max(Int((imageH * ky * extra).rounded()), 1)
        // Scaled copies for sizes up to the photo's own (beyond that, the photo filtered).
        let useCache = sw <= Int(imageW) && sh <= Int(imageH)
        let cw = useCache ? sw : Int(imageW), ch = useCache ? sh : Int(imageH)
        let moving = !d.contentTransform.isIdentity
        let exact = useCache && axisAligned && m.a > 0 && m.d > 0 && !moving
        let fx = Double(cw) / imageW, fy = Double(ch) / imageH
        copyWidth = cw; copyHeight = ch; self.exact = exact
        if exact {
            let devX = d.destination.x * m.a + m.tx, devY = d.destination.y * m.d + m.ty
            let dw = d.destination.width * m.a, dh = d.destination.height * m.d
            var kx = src.width * fx / dw, ky = src.height * fy / dh
            if abs(kx - 1) < 2e-3 { kx = 1 }
            if abs(ky - 1) < 2e-3 { ky = 1 }
            func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1.0 / 32 ? v.rounded() : v }
            toCopy = AffineTransform(a: kx, b: 0, c: 0, d: ky, tx: snap(src.x * fx - devX * kx), ty: snap(src.y * fy - devY * ky))
            clipRect = Rect(x: devX, y: devY, width: dw, height: dh)
            return
        }
        // user → copy pixels: (u − dest.origin)·(src/dest)·(copy/image) + src.origin·(copy/image)
        let sx = src.width / d.destination.width * fx, sy = src.height / d.destination.height * fy
        let pm = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: src.x * fx - d.destination.x * sx, ty: src.y * fy - d.destination.y * sy)
        if moving, let inverse = d.contentTransform.inverted() {
            toCopy = inverse.concatenating(pm)
            clipRect = d.contentTransform.apply(d.destination)
        } else {
            toCopy = pm
            clipRect = d.destination
        }
    }
}
