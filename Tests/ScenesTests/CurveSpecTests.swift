import BuiltInScenes
import Animation
import Foundation
import Testing
import Scenes
import Imaging
import LumenTestSupport

@Suite("Curve specs and the curve inspector")
struct CurveSpecTests {
    @Test func parsesEveryForm() throws {
        #expect(try CurveSpec.parse("easeInOut") == .easeInOut(duration: 0.35))
        #expect(try CurveSpec.parse("easeIn(duration=0.5)") == .easeIn(duration: 0.5))
        #expect(try CurveSpec.parse("linear") == .linear(duration: 0.35))
        #expect(try CurveSpec.parse("bezier(0.2, 0, 0, 1)") == .timingCurve(0.2, 0, 0, 1))
        #expect(try CurveSpec.parse("bezier(0.2,0,0,1,duration=2)") == .timingCurve(0.2, 0, 0, 1, duration: 2))
        #expect(try CurveSpec.parse("spring(response=0.4,dampingFraction=0.6)") == .spring(response: 0.4, dampingFraction: 0.6))
        #expect(try CurveSpec.parse("spring(duration=0.5,bounce=0.3)") == .spring(duration: 0.5, bounce: 0.3))
        #expect(try CurveSpec.parse("spring") == .spring)
        #expect(try CurveSpec.parse("bouncy") == .bouncy)
        #expect(try CurveSpec.parse("smooth") == .smooth && CurveSpec.presets.allSatisfy { (try? CurveSpec.parse($0)) != nil })
    }

    @Test(arguments: [
        ("wobble", "unknown curve 'wobble'"),
        ("bezier(1,2,3)", "needs 4 numbers"),
        ("easeIn(duration=0)", "duration must be greater than 0"),
        ("easeIn(speed=2)", "unknown parameter 'speed'"),
        ("spring(response=0.5,bounce=0.2)", "not both"),
        ("spring(duration=0.5,bounce=1.5)", "bounce must be between -1 and 1"),
        ("spring(response=x)", "response expects a number"),
        ("easeIn(", "missing its closing parenthesis"),
    ])
    func badSpecsSayWhy(spec: String, message: String) {
        do { _ = try CurveSpec.parse(spec); Issue.record("\(spec) accepted") } catch { #expect(error.message.contains(message), "\(error.message)") }
    }

    @Test func csvRunsFromZeroToTheEnd() throws {
        let csv = CurveSpec.csv(try CurveSpec.parse("easeInOut(duration=0.5)"), count: 11).split(separator: "\n")
        #expect(csv.first == "t,value,velocity")
        #expect(csv.count == 12)
        #expect(csv[1] == "0.000000,0.000000,0.000000")
        // At the middle (s = 0.5 by symmetry) dx/ds = 3·¼·0.42 + 6·¼·0.16 + 3·¼·0.42 = 0.87 and
        // dy/ds = 6·¼ = 1.5, so the slope is 1.5 / 0.87 per pass, ÷ 0.5 s = 3.448276 per second.
        #expect(csv[6] == "0.250000,0.500000,3.448276")
        #expect(csv.last == "0.500000,1.000000,0.000000")
    }

    @Test func springCsvEndsWhenItSettles() throws {
        let a = try CurveSpec.parse("spring(duration=0.5,bounce=0.3)")
        let rows = CurveSpec.samples(a, count: 200)
        let end = Spring(duration: 0.5, bounce: 0.3).settlingTime(x0: 1, v0: 0)
        #expect(abs(rows.last!.t - end) < 1e-12)
        #expect(abs(rows.last!.value - 1) <= Spring.restDisplacement)
        #expect(rows.map(\.value).max()! > 1.04, "overshoots")
    }
}
