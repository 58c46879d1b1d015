import Geometry
import Testing
import Widgets

/// A kiosk's cursor: hidden for touch, shown while a real mouse moves, hidden 3 s after.
@Suite struct KioskCursorTests {
    func pointer(_ kind: PointerKind, _ phase: PointerEvent.Phase = .move, at time: Double) -> InputEvent {
        .pointer(PointerEvent(id: kind == .mouse ? 0 : 1, kind: kind, phase: phase, location: Point(10, 10), time: time))
    }

    @Test func touchNeverShowsItAndAMouseShowsItFor3Seconds() {
        var c = KioskCursor()
        #expect(!c.isVisible(at: 0) && c.nextChange(after: 0) == nil)
        for (i, phase) in [PointerEvent.Phase.down, .move, .up].enumerated() { c.note(pointer(.touch, phase, at: 1 + Double(i) * 0.1)) }
        c.note(.wheel(WheelEvent(delta: Point(0, 1), location: Point(5, 5), time: 1.5)))
        #expect(!c.isVisible(at: 2), "a finger (and a wheel alone) leaves it hidden")
        c.note(pointer(.mouse, at: 10))
        #expect(c.isVisible(at: 10) && c.isVisible(at: 12.9))
        #expect(c.nextChange(after: 11) == 13)
        #expect(!c.isVisible(at: 13) && c.nextChange(after: 13) == nil, "hidden 3 s after the mouse stopped")
        c.note(pointer(.mouse, .down, at: 14))
        c.note(pointer(.touch, at: 16.5))
        #expect(c.isVisible(at: 16.9) && !c.isVisible(at: 17), "a touch does not keep it up")
    }

    @Test func theExitChordIsCtrlAltQ() {
        #expect(KeyEvent(.character("q"), control: true, alt: true, time: 0).isKioskExitChord)
        #expect(!KeyEvent(.character("q"), time: 0).isKioskExitChord)
        #expect(!KeyEvent(.character("q"), control: true, time: 0).isKioskExitChord)
        #expect(!KeyEvent(.escape, control: true, alt: true, time: 0).isKioskExitChord)
    }
}
