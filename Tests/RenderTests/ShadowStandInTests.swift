import Geometry
import Testing
@testable import Render

/// A shadow whose scale moves (cast inside a scaling card) is drawn from the mask of the same
/// shape in points, scaled, until its scale rests; then its exact mask is made.
@Suite("Shadows at moving scales")
struct ShadowStandInTests {
    static func card(scale: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.pushTransform(.scale(scale, scale)))
        list.append(.shadow(.roundedRect(Rect(x: 20, y: 20, width: 160, height: 120), radius: 20, style: .continuous),
                            color: Color.black.opacity(0.5), blur: 14, offset: Point(4, 6)))
        list.append(.popTransform)
        return list
    }

    @Test func aMovingScaleReusesTheMaskAndARestingOneGetsItsOwn() {
        let window = CairoRenderer(scalesInBackground: true, threads: 1)
        let exact = CairoRenderer(threads: 1)
        _ = window.render(Self.card(scale: 1), width: 300, height: 240)
        #expect(window.shadows.made == 1)
        for (i, s) in [1.05, 1.1, 1.15, 1.2].enumerated() {
            let moving = window.render(Self.card(scale: s), width: 300, height: 240)
            #expect(window.shadows.made == 1, "frame \(i): no new blur while the scale moves")
            #expect(window.hasArrivals, "another frame decides whether it rests")
            let reference = exact.render(Self.card(scale: s), width: 300, height: 240)
            var worst = 0
            for y in 0..<240 { for x in 0..<300 { worst = max(worst, abs(Int(moving[x, y] >> 24) - Int(reference[x, y] >> 24))) } }
            #expect(worst <= 24, "scaled from the first mask: alpha within \(worst) of the exact one at \(s)")
        }
        for _ in 1..<ShadowCache.restFrames { _ = window.render(Self.card(scale: 1.2), width: 300, height: 240) }
        #expect(window.shadows.made == 2, "at rest: its own mask")
        let rested = window.render(Self.card(scale: 1.2), width: 300, height: 240)
        #expect(!window.hasArrivals)
        let reference = exact.render(Self.card(scale: 1.2), width: 300, height: 240)
        #expect((0..<240).allSatisfy { y in (0..<300).allSatisfy { rested[$0, y] == reference[$0, y] } }, "byte for byte")
    }
}
