import Geometry
import Testing
import Effects
import Pixels

@Suite("Effect formulas against hand-computed values")
struct EffectMathTests {
    @Test func colorRevealSaturation() {
        let h = 1000.0
        #expect(ColorReveal.saturation(distance: 0, viewportLength: h) == 1)
        #expect(ColorReveal.saturation(distance: 120, viewportLength: h) == 1, "edge of the 12 % clear zone")
        #expect(abs(ColorReveal.saturation(distance: 270, viewportLength: h) - 0.5) < 1e-12, "1 − (270 − 120)/300")
        #expect(ColorReveal.saturation(distance: 420, viewportLength: h) == 0, "12 % + 30 %")
        #expect(ColorReveal.saturation(distance: 900, viewportLength: h) == 0)
        #expect(abs(ColorReveal.saturation(distance: -270, viewportLength: h) - 0.5) < 1e-12, "symmetric")
        #expect(ColorReveal.saturation(distance: 0, viewportLength: 0) == 0)
        #expect(ColorReveal.saturation(distance: 0, viewportLength: -5) == 0)
        #expect(ColorReveal.saturation(distance: .nan, viewportLength: h) == 0)
        #expect(ColorReveal.saturation(distance: .infinity, viewportLength: h) == 0)
    }

    @Test func twoLayersAsOne() {
        #expect(ColorReveal.combined(scroll: 0, reveal: 0) == 0)
        #expect(ColorReveal.combined(scroll: 0.4, reveal: 0) == 0.4)
        #expect(ColorReveal.combined(scroll: 0, reveal: 1) == 1)
        // The two layers' colour: o·C + (1 − o)(s·C + (1 − s)·L); its C weight is the combined saturation.
        let s = 0.3, o = 0.6
        #expect(abs(ColorReveal.combined(scroll: s, reveal: o) - (o + (1 - o) * s)) < 1e-12)
    }

    @Test func blockCentresForFractionalSizesAndTheClampedEdge() {
        #expect(Pixelation.blockSize(amount: 0.25, maximum: 22) == 6.25)
        #expect(Pixelation.blockCenter(13, size: 6.25, limit: 100) == 15.625, "block 2: (2 + 0.5)·6.25")
        // 99/6.25 = 15.84: block 15, centre 15.5·6.25 = 96.875, inside the view, not clamped.
        #expect(Pixelation.blockCenter(99, size: 6.25, limit: 100) == 96.875)
        #expect(Pixelation.blockCenter(90, size: 22, limit: 95) == 94.5, "centre 99 lies outside a 95-point view")
    }

    /// Ken Burns never shows an edge: the scaled frame covers the frame at every progress.
    @Test(arguments: [(1280.0, 800.0), (100.0, 2000.0), (3000.0, 40.0), (1.0, 1.0)])
    func kenBurnsCoversTheFrame(w: Double, h: Double) {
        for zoom in [0.5, 1.0, 1.3, 1.6, 4.0] {
            for (from, to) in [(UnitPoint.topLeading, UnitPoint.bottomTrailing), (.center, .top), (.bottomTrailing, .leading)] {
                for p in [0.0, 0.5, 1.0] {
                    let s = KenBurns.state(progress: p, zoom: zoom, from: from, to: to)
                    #expect(s.scale >= 1, "never below 1, even for zoom \(zoom)")
                    let t = KenBurns.transform(scale: s.scale, anchor: s.anchor, size: Size(width: w, height: h))
                    let covered = t.apply(Rect(x: 0, y: 0, width: w, height: h))
                    #expect(covered.minX <= 1e-9 && covered.minY <= 1e-9 && covered.maxX >= w - 1e-9 && covered.maxY >= h - 1e-9,
                            "\(w)×\(h) zoom \(zoom) at \(p)")
                }
            }
        }
        #expect(KenBurns.state(progress: 0, zoom: 1.6, from: .topLeading, to: .bottomTrailing).scale == 1.02)
        #expect(KenBurns.state(progress: 1, zoom: 1.6, from: .topLeading, to: .bottomTrailing).scale == 1.6)
        #expect(KenBurns.state(progress: 1, zoom: 0.3, from: .topLeading, to: .bottomTrailing).scale == 1, "max(zoom, 1)")
        #expect(KenBurns.duration(0) == 0.1 && KenBurns.duration(4) == 4)
    }

    /// A 1600 × 1067 photo filling a 400 × 800 portrait frame is drawn 1199.6 × 800 at
    /// x = −399.8: the seed's anchors are the photo's, so the frame's centre (200, 400) shows
    /// photo point a + (c − a)/s: at the start (s 1.02 about (−399.8, 0)) x = 188.2, at the end
    /// (s 1.6 about (799.8, 800)) x = 424.9 — a 237-pt pan across the photo, where anchors in
    /// the frame would pan 79 pt. The frame stays covered.
    @Test func kenBurnsPansAcrossTheFilledPhoto() throws {
        let frame = Rect(x: 0, y: 0, width: 400, height: 800)
        let w = 1600.0 * 800 / 1067
        let filled = Rect(x: (400 - w) / 2, y: 0, width: w, height: 800)
        func shown(_ p: Double) throws -> Point {
            let s = KenBurns.state(progress: p, zoom: 1.6, from: .topLeading, to: .bottomTrailing)
            let t = KenBurns.transform(scale: s.scale, anchor: s.anchor, in: filled)
            let covered = t.apply(filled)
            #expect(covered.minX <= 0 && covered.minY <= 1e-9 && covered.maxX >= 400 && covered.maxY >= 800 - 1e-9)
            return try #require(t.inverted()).apply(Point(frame.midX, frame.midY))
        }
        let start = try shown(0), end = try shown(1)
        #expect(abs(start.x - 188.2) < 0.1 && abs(start.y - 392.2) < 0.1, "\(start)")
        #expect(abs(end.x - 424.9) < 0.1 && abs(end.y - 550) < 0.1, "\(end)")
    }

    func buffer(_ w: Int, _ h: Int, _ f: (Int, Int) -> UInt32) -> PixelBuffer {
        let b = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b[x, y] = f(x, y) } }
        return b
    }

    @Test func bandsSkipTransparentRowsAndWeighVividColours() {
        // 4×6: rows 0–1 transparent, rows 2–3 half vivid red / half gray, rows 4–5 blue at alpha 128.
        let b = buffer(4, 6) { x, y in
            switch y {
            case 0, 1: return 0
            case 2, 3: return x < 2 ? 0xFFFF_0000 : 0xFF80_8080
            default: return 0x8000_0080 // premultiplied blue at 50 %
            }
        }
        let bands = GradientSampling.bands(b, count: 3)
        #expect(bands.count == 2, "the transparent top band is left out")
        // Red weight 1·(0.15 + 1) = 1.15, gray weight 0.15: red = (1.15·1 + 0.15·0.502)/1.3.
        let gray = 128.0 / 255
        #expect(abs(bands[0].red - (1.15 + 0.15 * gray) / 1.3) < 1e-9)
        #expect(abs(bands[0].green - (0.15 * gray) / 1.3) < 1e-9)
        #expect(abs(bands[1].blue - 1) < 1e-9 && bands[1].red == 0, "unpremultiplied")
    }

    @Test func bandsSplitRowsByIntegerDivision() {
        // 1×5 with 2 bands: rows 0..<2 and 2..<5.
        let b = buffer(1, 5) { _, y in y < 2 ? 0xFFFF_0000 : 0xFF00_00FF }
        let bands = GradientSampling.bands(b, count: 2)
        #expect(bands.map(\.red) == [1, 0] && bands.map(\.blue) == [0, 1])
        #expect(GradientSampling.bands(b, count: 9).count == 5, "min(bands, height)")
    }

    @Test func aFullyTransparentImageGivesNothing() {
        #expect(GradientSampling.bands(buffer(24, 24) { _, _ in 0 }, count: 3).isEmpty)
        #expect(GradientSampling.bands(buffer(2, 2) { _, _ in 0xFF00_0000 }, count: 0).isEmpty)
    }

    @Test func fitAndFillRects() {
        let frame = Rect(x: 0, y: 0, width: 400, height: 300)
        #expect(ContentFitting.rect(for: Size(width: 800, height: 400), in: frame, mode: .fit) == Rect(x: 0, y: 50, width: 400, height: 200))
        #expect(ContentFitting.rect(for: Size(width: 800, height: 400), in: frame, mode: .fill) == Rect(x: -100, y: 0, width: 600, height: 300))
        // The side a photo needs, worked by hand: 4000 × 2250 filling 672 × 504 scales by
        // max(0.168, 0.224) = 0.224 → 896; fitting 320 × 240 by min(0.08, 0.1067) → 320; an
        // original smaller than the box stays as it is; nothing from nothing.
        #expect(ContentFitting.neededSide(width: 4000, height: 3000, in: Size(width: 672, height: 504), mode: .fill) == 672)
        #expect(ContentFitting.neededSide(width: 4000, height: 2250, in: Size(width: 672, height: 504), mode: .fill) == 896)
        #expect(ContentFitting.neededSide(width: 4000, height: 2250, in: Size(width: 320, height: 240), mode: .fit) == 320)
        #expect(ContentFitting.neededSide(width: 2250, height: 4000, in: Size(width: 672, height: 504), mode: .fill) == 1195)
        #expect(ContentFitting.neededSide(width: 300, height: 200, in: Size(width: 1000, height: 1000), mode: .fill) == 300)
        #expect(ContentFitting.neededSide(width: 0, height: 200, in: Size(width: 10, height: 10), mode: .fill) == 0)
        let c = ContentFitting.capped(width: 10000, height: 10000, maxPixels: 1_000_000)
        #expect(c.width == 1000 && c.height == 1000)
    }
}
