import CSDL2
import Geometry
import Testing
import Widgets
@testable import Platform

/// A panel mounted turned (`--rotate`): a touch at each corner of the window reaches the widget
/// in that corner of the turned layout.
@Suite struct RotationInputTests {
    /// A 1000 × 500-pt window; the layout is 500 × 1000 at 90 and 270, 1000 × 500 at 180.
    static let window = Size(width: 1000, height: 500)

    func finger(_ x: Float, _ y: Float) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_FINGERDOWN.rawValue; e.tfinger.fingerId = 1; e.tfinger.x = x; e.tfinger.y = y
        return e
    }

    /// Which corner of the turned layout a touch 5 % in from a window corner lands in.
    func cornerTouched(_ rotation: DisplayRotation, windowCorner: (Float, Float)) -> String {
        let t = EventTranslator(windowSize: Self.window, rotation: rotation, clockTime: { Double($0) / 1000 })
        let logical = rotation.logicalSize(Self.window)
        let x = windowCorner.0 == 0 ? Float(0.05) : 0.95, y = windowCorner.1 == 0 ? Float(0.05) : 0.95
        guard case .pointer(let p)? = t.translate(finger(x, y)) else { return "nothing" }
        guard p.location.x >= 0, p.location.y >= 0, p.location.x <= logical.width, p.location.y <= logical.height else { return "outside" }
        return (p.location.y < logical.height / 2 ? "top-" : "bottom-") + (p.location.x < logical.width / 2 ? "left" : "right")
    }

    @Test func eachWindowCornerTouchesTheTurnedLayoutsCorner() {
        // Window corners: top-left, top-right, bottom-left, bottom-right.
        let corners: [(Float, Float)] = [(0, 0), (1, 0), (0, 1), (1, 1)]
        let expected: [DisplayRotation: [String]] = [
            .none: ["top-left", "top-right", "bottom-left", "bottom-right"],
            // Turned clockwise: the layout's top-left shows at the window's top-right.
            .quarter: ["bottom-left", "top-left", "bottom-right", "top-right"],
            .half: ["bottom-right", "bottom-left", "top-right", "top-left"],
            .threeQuarters: ["top-right", "bottom-right", "top-left", "bottom-left"],
        ]
        for rotation in DisplayRotation.allCases {
            let got = corners.map { cornerTouched(rotation, windowCorner: $0) }
            #expect(got == expected[rotation], "\(rotation): \(got)")
        }
    }

    @Test func scriptedPointsComeBackWhereTheyWereSent() {
        for rotation in DisplayRotation.allCases {
            var player = ScriptPlayer()
            let t = EventTranslator(windowSize: Self.window, rotation: rotation, clockTime: { Double($0) / 1000 })
            for p in [Point(10, 20), Point(480, 990), Point(250, 500)] where rotation.swapsAxes || p.y < 500 {
                let events = player.events(for: .fingerDown(1, p), windowID: 1, ticks: 0, windowSize: Self.window, rotation: rotation,
                                           coordinatesPerPoint: 1)
                guard case .pointer(let back)? = events.first.flatMap(t.translate) else { Issue.record(); continue }
                #expect(abs(back.location.x - p.x) < 0.01 && abs(back.location.y - p.y) < 0.01, "\(rotation) \(p) → \(back.location)")
            }
        }
    }
}
