import Geometry
import Input
import Testing
import Widgets

@Suite("Scrolling is the same at any frame rate")
struct FrameRateTests {
    /// A real scroll view, flung by a finger whose moves arrive once per frame at `hz`, with the
    /// clock stepped at `hz`: the offsets at `probes` seconds.
    func fling(at hz: Double, probes: [Double]) -> [Double] {
        let f = ListFixture(rows: 1000)
        // The finger accelerates upward: y(t) = 500 − (1500 t + 3000 t²) for 0.2 s, then lifts.
        func y(_ t: Double) -> Double { 500 - (1500 * t + 3000 * t * t) }
        func pointer(_ phase: PointerEvent.Phase, _ t: Double) {
            f.tree.handle(.pointer(PointerEvent(id: 1, kind: .touch, phase: phase, location: Point(200, y(t)), time: t)))
        }
        let start = f.tree.clock.now
        pointer(.down, 0)
        var k = 1
        while Double(k) / hz < 0.2 - 1e-9 {
            let t = Double(k) / hz
            f.tree.clock.advance(to: start + t)
            pointer(.move, t)
            _ = f.tree.frame()
            k += 1
        }
        pointer(.up, 0.2)
        var out: [Double] = []
        for p in probes {
            while Double(k) / hz < p - 1e-9 { k += 1; f.tree.clock.advance(to: start + Double(k) / hz); _ = f.tree.frame() }
            out.append(f.scroll.offset)
        }
        return out
    }

    @Test(arguments: [30.0, 144.0])
    func theSameFlingAt30And144HzAsAt60(hz: Double) {
        let probes = [0.5, 1.0, 2.0, 3.0]
        let reference = fling(at: 60, probes: probes), other = fling(at: hz, probes: probes)
        // Released at 0.2 s at 2700 pt/s (1500 + 6000·0.2) from 360 pt (minus the touch slop
        // the drag waited for): well on its way by 0.5 s, nearly at rest by 3 s.
        #expect(reference[0] > 700 && reference[3] > reference[2], "it flew: \(reference)")
        for (i, p) in probes.enumerated() {
            #expect(abs(other[i] - reference[i]) < 0.5, "\(hz) Hz at \(p) s: \(other[i]) vs \(reference[i]) at 60 Hz")
        }
    }
}
