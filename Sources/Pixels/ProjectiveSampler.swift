/// Resamples premultiplied ARGB32 pixels through a projective (3×3) transform with bilinear
/// filtering: the kernel behind the renderer's projection layers (3D rotations).
///
/// Sampling follows pixman's convention for a transformed source: destination pixel (x, y) is
/// sampled at the source point T·(x + ½, y + ½), and the bilinear filter centres on pixel
/// centres (the four pixels around that point minus ½), each weighted by 1/256 steps; pixels
/// outside the source are transparent (pixman's REPEAT_NONE), and points behind the viewer
/// (w ≤ 0) are transparent. pixman takes this transform through its generic per-pixel path
/// (~100 instructions a pixel measured here); this loop does the same sums in about a third,
/// and only across each row's span inside the destination quad.
package enum ProjectiveSampler {
    /// Fills rows `rows` of `dest` (w×h, `destStride` pixels a row) from `source` through
    /// `inverse` (9 entries, row-major: destination pixel → source pixel). `spans` gives, per
    /// row, the columns to fill (others are left as they are).
    public static func sample(source: UnsafePointer<UInt32>, width sw: Int, height sh: Int, stride sstride: Int,
                              into dest: UnsafeMutablePointer<UInt32>, width dw: Int, stride dstride: Int,
                              inverse m: [Double], rows: Range<Int>, spans: (Int) -> Range<Int>?) {
        let m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8]
        let maxX = Double(sw), maxY = Double(sh)
        for y in rows {
            guard let span = spans(y) else { continue }
            let cols = max(span.lowerBound, 0)..<min(span.upperBound, dw)
            guard !cols.isEmpty else { continue }
            let row = dest + y * dstride
            let fy = Double(y) + 0.5, fx = Double(cols.lowerBound) + 0.5
            // Homogeneous source coordinates step linearly along the row.
            var X = m0 * fx + m1 * fy + m2
            var Y = m3 * fx + m4 * fy + m5
            var W = m6 * fx + m7 * fy + m8
            for x in cols {
                var value: UInt32 = 0
                if W > 1e-12 {
                    let inv = 1 / W
                    let sx = X * inv - 0.5, sy = Y * inv - 0.5
                    if sx > -1 && sy > -1 && sx < maxX && sy < maxY {
                        // floor for values > −1: truncation, then one less when negative.
                        let x0 = sx < 0 ? -1 : Int(sx), y0 = sy < 0 ? -1 : Int(sy)
                        let wx = UInt32((sx - Double(x0)) * 256), wy = UInt32((sy - Double(y0)) * 256)
                        let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
                        if x0 >= 0 && y0 >= 0 && x0 + 1 < sw && y0 + 1 < sh {
                            let base = source + y0 * sstride + x0
                            p00 = base[0]; p10 = base[1]; p01 = base[sstride]; p11 = base[sstride + 1]
                        } else {
                            @inline(__always) func at(_ px: Int, _ py: Int) -> UInt32 {
                                (px >= 0 && py >= 0 && px < sw && py < sh) ? source[py * sstride + px] : 0
                            }
                            p00 = at(x0, y0); p10 = at(x0 + 1, y0); p01 = at(x0, y0 + 1); p11 = at(x0 + 1, y0 + 1)
                        }
                        value = lerp(lerp(p00, p10, wx), lerp(p01, p11, wx), wy)
                    }
                }
                row[x] = value
                X += m0; Y += m3; W += m6
            }
        }
    }

    /// a + (b − a)·w/256 on all four 8-bit channels, two at a time.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        if w == 0 { return a }
        let iw = 256 &- w
        let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
        return rb | ag
    }
}
