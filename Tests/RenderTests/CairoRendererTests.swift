import Geometry
import Testing
import Render
import Pixels

@Suite("Cairo renderer: each display-list command, by pixels")
struct CairoRendererTests {
    let renderer = CairoRenderer()

    @Test func fillsRectWithColour() {
        var list = DisplayList()
        list.fill(.rect(Rect(x: 10, y: 10, width: 20, height: 20)), .red)
        let px = renderer.render(list, width: 40, height: 40)
        #expect(Fixtures.close(px[15, 15], .red))
        #expect(Fixtures.close(px[5, 5], .white))
        #expect(Fixtures.close(px[30, 30], .white))
    }

    @Test func scaleFactorDoublesPixels() {
        var list = DisplayList()
        list.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .black)
        let px = renderer.render(list, width: 40, height: 40, scale: 2)
        #expect(Fixtures.close(px[19, 19], .black))
        #expect(Fixtures.close(px[20, 20], .white))
    }

    @Test func roundedCornerIsBackgroundButCentreIsFilled() {
        for style in [CornerStyle.circular, .continuous] {
            var list = DisplayList()
            list.fill(.roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), radius: 30, style: style), .blue)
            let px = renderer.render(list, width: 100, height: 100)
            #expect(Fixtures.close(px[1, 1], .white), "\(style): the corner is cut")
            #expect(Fixtures.close(px[98, 98], .white))
            #expect(Fixtures.close(px[50, 50], .blue))
            #expect(Fixtures.close(px[50, 1], .blue), "\(style): the edge middle is filled")
        }
    }

    @Test func continuousCornerLeavesTheEdgeLaterThanCircular() {
        // Near the edge a continuous corner starts curving sooner (1.53·r from the corner)
        // but more gently, so two pixels in, fewer pixels of the top rows are covered.
        func coverage(_ style: CornerStyle) -> Int {
            var list = DisplayList()
            list.fill(.roundedRect(Rect(x: 0, y: 0, width: 200, height: 200), radius: 60, style: style), .black)
            let px = renderer.render(list, width: 200, height: 200)
            return (0..<60).filter { Fixtures.close(px[$0, 2], .black, tolerance: 60) }.count
        }
        #expect(coverage(.continuous) < coverage(.circular))
    }

    /// A 40-pt continuous corner (the transition cards') drawn at 8 px a point, against its
    /// curve worked out by hand from PaintCode's published control points (corner extent
    /// 1.52866483·r; coefficients 1.08849323, 0.86840689, 0.63149399, 0.07491100, 0.37282383,
    /// 0.16905506): at three points of the top-left corner the pixel 1.5 px inside the curve is
    /// filled and the one 1.5 px outside is not, where a circular 40-pt corner covers it.
    @Test func continuousFortyPointCornerFollowsItsCurveByHand() {
        let q = 40.0, e = 1.52866483 * q
        // The top-left corner's last segment, from (c3·q, c4·q) to (e, 0) with controls
        // (c2·q, 0) and (c1·q, 0); its first is the mirror image across the diagonal.
        let p0 = (0.63149399 * q, 0.07491100 * q), p1 = (0.86840689 * q, 0.0), p2 = (1.08849323 * q, 0.0), p3 = (e, 0.0)
        func bezier(_ t: Double) -> (x: Double, y: Double) {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return (a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1)
        }
        let top1 = bezier(0.25), top2 = bezier(0.5)
        // (32.39, 1.264) and (40.16, 0.3745) by hand; the third mirrored onto the left edge.
        #expect(abs(top1.x - 32.39) < 0.01 && abs(top1.y - 1.264) < 0.01 && abs(top2.x - 40.16) < 0.01 && abs(top2.y - 0.3745) < 0.01)
        let s = 8.0
        func render(_ style: CornerStyle) -> PixelBuffer {
            var list = DisplayList()
            list.fill(.roundedRect(Rect(x: 0, y: 0, width: 320, height: 240), radius: q, style: style), .black)
            return renderer.render(list, width: 480, height: 480, scale: s)
        }
        let continuous = render(.continuous), circular = render(.circular)
        // (point on the curve, outward direction)
        let points: [((Double, Double), (Double, Double))] = [((top1.x, top1.y), (0, -1)), ((top2.x, top2.y), (0, -1)), ((top1.y, top1.x), (-1, 0))]
        for ((x, y), (nx, ny)) in points {
            let inside = (Int((x * s - nx * 1.5).rounded(.down)), Int((y * s - ny * 1.5).rounded(.down)))
            let outside = (Int((x * s + nx * 1.5).rounded(.down)), Int((y * s + ny * 1.5).rounded(.down)))
            #expect(Fixtures.close(continuous[inside.0, inside.1], .black, tolerance: 90), "inside the continuous curve at (\(x), \(y))")
            #expect(Fixtures.close(continuous[outside.0, outside.1], .white, tolerance: 90), "outside it at (\(x), \(y))")
            #expect(Fixtures.close(circular[outside.0, outside.1], .black, tolerance: 90), "a circular corner covers (\(x), \(y))")
        }
    }

    @Test func strokeDrawsOutlineOnly() {
        var list = DisplayList()
        list.append(.stroke(.ellipse(Rect(x: 10, y: 10, width: 80, height: 80)), .color(.black), lineWidth: 4))
        let px = renderer.render(list, width: 100, height: 100)
        #expect(Fixtures.close(px[50, 50], .white))
        #expect(Fixtures.close(px[50, 10], .black, tolerance: 40))
        #expect(Fixtures.close(px[12, 12], .white))
    }

    @Test func linearGradientGoesFromFirstToLastStop() {
        var list = DisplayList()
        let r = Rect(x: 0, y: 0, width: 100, height: 10)
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        list.fill(.rect(r), LinearGradient(colors: [red, blue], from: .leading, to: .trailing, in: r))
        let px = renderer.render(list, width: 100, height: 10)
        let (r0, _, b0, _) = Fixtures.rgb(px[0, 5]), (r1, _, b1, _) = Fixtures.rgb(px[99, 5])
        #expect(r0 > 240 && b0 < 20)
        #expect(r1 < 20 && b1 > 240)
        let (rm, _, bm, _) = Fixtures.rgb(px[50, 5])
        #expect(abs(rm - 128) < 8 && abs(bm - 128) < 8)
    }

    @Test func saturationZeroIsGrayHalfIsBetweenOneIsColour() {
        let image = Fixtures.image(8, 8) { _, _ in Color(red: 0.9, green: 0.3, blue: 0.1) }
        for (s, x) in [(0.0, 0), (0.5, 10), (1.0, 20)] {
            _ = x
            var list = DisplayList()
            list.append(.image(ImageDraw(image: image, destination: Rect(x: 0, y: 0, width: 8, height: 8), saturation: s)))
            let px = renderer.render(list, width: 8, height: 8)
            let (r, g, b, _) = Fixtures.rgb(px[4, 4])
            let expected = Luma.saturate((0.9, 0.3, 0.1), s)
            #expect(abs(Double(r) - expected.0 * 255) <= 2, "s=\(s) red")
            #expect(abs(Double(g) - expected.1 * 255) <= 2, "s=\(s) green")
            #expect(abs(Double(b) - expected.2 * 255) <= 2, "s=\(s) blue")
            if s == 0 { #expect(r == g && g == b) }
        }
    }

    /// A photo shown at its own size (the hero zoomed to its deepest, drawn from the photo
    /// through its moving transform) is drawn from its pixels: no copy of the same size is made.
    @Test func aPhotoAtItsOwnSizeIsNotCopied() {
        let image = Fixtures.image(64, 64) { x, _ in x < 32 ? .red : .blue }
        var list = DisplayList()
        list.append(.image(ImageDraw(image: image, destination: Rect(x: 0, y: 0, width: 32, height: 32),
                                     contentTransform: .scale(1.5, 1.5), cacheScale: 2)))
        let r = CairoRenderer()
        let a = r.render(list, width: 48, height: 48)
        #expect(r.images.entryCount == 0 && r.images.misses == 0)
        #expect(Fixtures.close(a[10, 20], .red))
        #expect(Fixtures.close(a[40, 20], .blue))
    }

    /// A photo that went (its scene closed) takes its scaled copies with it: they do not wait in
    /// the budget until they are the least recently used.
    @Test func copiesOfAPhotoThatWentAreGivenBack() {
        let memory = ImageMemory()
        let r = CairoRenderer(memory: memory)
        var image: ImageAsset? = Fixtures.image(64, 64) { _, _ in .red }
        var list = DisplayList()
        list.append(.image(ImageDraw(image: image!, destination: Rect(x: 0, y: 0, width: 32, height: 32))))
        _ = r.render(list, width: 32, height: 32)
        #expect(r.images.entryCount == 1 && memory.byteCount == 32 * 32 * 4)
        _ = r.render(list, width: 32, height: 32)
        #expect(r.images.entryCount == 1, "kept while the photo is here")
        list = DisplayList()
        image = nil
        _ = r.render(list, width: 32, height: 32)
        #expect(r.images.entryCount == 0 && memory.byteCount == 0)
    }

    /// A photo scrolled away (not drawn for `idleFrames` frames while others are) gives its
    /// copies back; its own pixels stay, and a photo still drawn keeps its copy.
    @Test func copiesOfAPhotoNotDrawnLatelyAreGivenBack() {
        let memory = ImageMemory()
        let r = CairoRenderer(memory: memory)
        let away = Fixtures.image(64, 64) { _, _ in .red }, here = Fixtures.image(64, 64) { _, _ in .blue }
        func list(_ images: [ImageAsset]) -> DisplayList {
            var l = DisplayList()
            for (i, image) in images.enumerated() {
                l.append(.image(ImageDraw(image: image, destination: Rect(x: Double(i) * 16, y: 0, width: 16, height: 16))))
            }
            return l
        }
        _ = r.render(list([away, here]), width: 32, height: 16)
        #expect(r.images.copySizes(of: away).count == 1 && r.images.copySizes(of: here).count == 1)
        let onlyHere = list([here])
        for _ in 0..<(ImageCache.idleFrames - 60) { _ = r.render(onlyHere, width: 32, height: 16) }
        #expect(r.images.copySizes(of: away).count == 1, "kept a while: it may come back")
        for _ in 0..<120 { _ = r.render(onlyHere, width: 32, height: 16) }
        #expect(r.images.copySizes(of: away).isEmpty, "given back")
        #expect(r.images.copySizes(of: here).count == 1 && memory.byteCount == 16 * 16 * 4)
        #expect(away.pixels != nil, "its own pixels are the loader's")
    }

    @Test func imageIsScaledOnceAndCached() {
        let image = Fixtures.image(64, 64) { x, _ in x < 32 ? .red : .blue }
        var list = DisplayList()
        list.append(.image(ImageDraw(image: image, destination: Rect(x: 0, y: 0, width: 16, height: 16))))
        let r = CairoRenderer()
        let a = r.render(list, width: 16, height: 16)
        _ = r.render(list, width: 16, height: 16)
        #expect(r.images.misses == 1)
        #expect(Fixtures.close(a[2, 8], .red))
        #expect(Fixtures.close(a[13, 8], .blue))
    }

    @Test func imageSourceRectCrops() {
        let image = Fixtures.image(40, 20) { x, _ in x < 20 ? .red : .blue }
        var list = DisplayList()
        list.append(.image(ImageDraw(image: image, source: Rect(x: 20, y: 0, width: 20, height: 20),
                                     destination: Rect(x: 0, y: 0, width: 20, height: 20))))
        let px = renderer.render(list, width: 20, height: 20)
        #expect(Fixtures.close(px[0, 10], .blue))
        #expect(Fixtures.close(px[19, 10], .blue))
    }

    @Test func imageOpacityAndGrayBlendUnderGroupOpacity() {
        let image = Fixtures.image(4, 4) { _, _ in .black }
        var list = DisplayList()
        list.append(.image(ImageDraw(image: image, destination: Rect(x: 0, y: 0, width: 4, height: 4), opacity: 0.5, saturation: 0.5)))
        let px = renderer.render(list, width: 4, height: 4)
        let (r, _, _, _) = Fixtures.rgb(px[2, 2])
        #expect(abs(r - 128) <= 2)
    }

    @Test func clipLimitsDrawingAndPops() {
        var list = DisplayList()
        list.withClip(.rect(Rect(x: 0, y: 0, width: 10, height: 10))) {
            $0.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), .black)
        }
        list.fill(.rect(Rect(x: 30, y: 30, width: 10, height: 10)), .red)
        let px = renderer.render(list, width: 40, height: 40)
        #expect(Fixtures.close(px[5, 5], .black))
        #expect(Fixtures.close(px[20, 20], .white))
        #expect(Fixtures.close(px[35, 35], .red))
    }

    @Test func transformMovesAndScales() {
        var list = DisplayList()
        list.withTransform(AffineTransform.scale(2, 2).concatenating(.translation(10, 0))) {
            $0.fill(.rect(Rect(x: 0, y: 0, width: 5, height: 5)), .black)
        }
        let px = renderer.render(list, width: 40, height: 40)
        #expect(Fixtures.close(px[11, 1], .black))
        #expect(Fixtures.close(px[19, 9], .black))
        #expect(Fixtures.close(px[5, 5], .white))
        #expect(Fixtures.close(px[21, 5], .white))
    }

    @Test func damageRectLimitsDrawing() {
        var list = DisplayList()
        list.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), .black)
        let buffer = PixelBuffer(width: 40, height: 40, fill: Color.red.argb32)
        renderer.render(list, into: RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: 40, height: 40, stride: 160),
                        scale: 1, damage: Rect(x: 10, y: 10, width: 5, height: 5), background: .white)
        #expect(Fixtures.close(buffer[12, 12], .black))
        #expect(Fixtures.close(buffer[5, 5], .red), "outside the damage nothing is touched")
        #expect(Fixtures.close(buffer[15, 15], .red))
    }

    @Test func groupOpacityBlendsTheLayerOnce() {
        var list = DisplayList()
        list.withLayer(.opacity(0.5), bounds: Rect(x: 0, y: 0, width: 20, height: 20)) {
            $0.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), .black)
            $0.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), .black)
        }
        let px = renderer.render(list, width: 20, height: 20)
        let (r, _, _, _) = Fixtures.rgb(px[10, 10])
        #expect(abs(r - 128) <= 2, "overlapping fills inside a group fade as one: \(r)")
    }

    @Test func shadowIsSoftAroundTheShapeAndAbsentFarAway() {
        var list = DisplayList()
        list.append(.shadow(.rect(Rect(x: 40, y: 40, width: 40, height: 40)), color: .black, blur: 10, offset: Point(5, 5)))
        let px = renderer.render(list, width: 140, height: 140)
        #expect(Fixtures.close(px[65, 65], .black, tolerance: 10), "under the shape: full shadow")
        let (edge, _, _, _) = Fixtures.rgb(px[85, 65])
        #expect(edge > 40 && edge < 220, "at the offset edge: half shadow, got \(edge)")
        #expect(Fixtures.close(px[130, 130], .white))
    }

    @Test func textDrawsWithInterAndWraps() {
        Fixtures.registerFonts()
        #expect(TextEngine.shared.resolvedFamily(of: Font(size: 17)) == "Inter")
        #expect(TextEngine.shared.resolvedFamily(of: .icons(size: 24)) == "Material Icons")
        let one = TextLayout("Season finale", font: .style(.title2, weight: .bold))
        #expect(one.lineCount == 1)
        #expect(one.size.width > 100 && one.size.width < 200)
        let wrapped = TextLayout("Rivera wins the final in the last minute, after trailing for the whole second half.",
                                 font: .style(.body), width: 200)
        #expect(wrapped.lineCount >= 3)
        #expect(wrapped.size.width <= 200)
        var list = DisplayList()
        list.append(.text(one, origin: Point(0, 0), color: .black))
        let px = renderer.render(list, width: 200, height: 40)
        let dark = (0..<200).flatMap { x in (0..<40).map { y in px[x, y] } }.filter { Fixtures.rgb($0).0 < 100 }.count
        #expect(dark > 100, "glyph pixels drawn: \(dark)")
    }

    @Test func iconGlyphDraws() {
        Fixtures.registerFonts()
        let icon = TextLayout(Icon.trophy.text, font: .icons(size: 48))
        #expect(abs(icon.size.width - 48) < 1)
        var list = DisplayList()
        list.append(.text(icon, origin: Point(0, 0), color: .black))
        let px = renderer.render(list, width: 48, height: 48)
        let dark = (0..<48).flatMap { x in (0..<48).map { y in px[x, y] } }.filter { Fixtures.rgb($0).0 < 100 }.count
        #expect(dark > 300)
    }
}

@Suite("Scaling photos in the background")
struct BackgroundScalingTests {
    @Test func aStandInDrawsUntilTheScaledCopyArrives() async throws {
        let image = Fixtures.image(400, 400) { x, _ in x < 200 ? .red : .blue }
        var list = DisplayList()
        list.append(.image(ImageDraw(image: image, destination: Rect(x: 0, y: 0, width: 40, height: 40))))
        let r = CairoRenderer()
        r.images.scalesInBackground = true
        let first = r.render(list, width: 40, height: 40)
        #expect(Fixtures.close(first[5, 20], .red, tolerance: 40) && Fixtures.close(first[35, 20], .blue, tolerance: 40), "the stand-in shows the photo")
        #expect(r.images.hasArrivals, "another frame decides whether the size is at rest")
        // The size stays: after `restFrames` frames its exact copy is made in the background.
        for _ in 1..<ImageCache.restFrames { _ = r.render(list, width: 40, height: 40) }
        for _ in 0..<400 where !r.images.backgroundWorkDone { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(r.images.hasArrivals && r.images.entryCount == 0)
        let second = r.render(list, width: 40, height: 40)
        #expect(!r.images.hasArrivals && r.images.entryCount == 1)
        #expect(Fixtures.close(second[5, 20], .red) && Fixtures.close(second[35, 20], .blue))
        let third = r.render(list, width: 40, height: 40)
        #expect(r.images.misses == 1 && third[20, 20] == second[20, 20])
    }
}
