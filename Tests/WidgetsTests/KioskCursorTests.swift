import Geometry
import Input
import Testing
import Widgets

/// A kiosk's cursor: hidden for touch, shown while a real mouse moves, hidden 3 s after.
@Suite struct KioskCursorTests {
    func pointer(_ kind: PointerKind, _ phase: PointerEvent.Phase = .move, at time: Double, x: Double = 10) -> InputEvent {
        .pointer(PointerEvent(id: kind == .mouse ? 0 : 1, kind: kind, phase: phase, location: Point(x, 10), time: time,
                              isPressed: phase != .move))
    }

    @Test func touchNeverShowsItAndAMouseShowsItFor3Seconds() {
        var c = KioskCursor()
        #expect(!c.isVisible(at: 0) && c.nextChange(after: 0) == nil)
        for (i, phase) in [PointerEvent.Phase.down, .move, .up].enumerated() { c.note(pointer(.touch, phase, at: 1 + Double(i) * 0.1)) }
        c.note(.wheel(WheelEvent(delta: Point(0, 1), location: Point(5, 5), time: 1.5)))
        #expect(!c.isVisible(at: 2), "a finger (and a wheel alone) leaves it hidden")
        c.note(pointer(.mouse, at: 9))
        c.note(pointer(.mouse, at: 10, x: 30))
        #expect(c.isVisible(at: 10) && c.isVisible(at: 12.9))
        #expect(c.nextChange(after: 11) == 13)
        #expect(!c.isVisible(at: 13) && c.nextChange(after: 13) == nil, "hidden 3 s after the mouse stopped")
        c.note(pointer(.mouse, .down, at: 14))
        c.note(pointer(.touch, at: 16.5))
        #expect(c.isVisible(at: 16.9) && !c.isVisible(at: 17), "a touch does not keep it up")
    }

    /// SDL reports a still mouse's place when the window appears under it: that is nobody.
    @Test func aStillMouseReportedByTheWindowSystemDoesNotShowIt() {
        var c = KioskCursor()
        c.note(pointer(.mouse, at: 0.1, x: 640))
        c.note(pointer(.mouse, at: 0.5, x: 641))
        #expect(!c.isVisible(at: 0.6), "the first report, and 1 pt of jitter")
        c.note(pointer(.mouse, at: 1, x: 660))
        #expect(c.isVisible(at: 1.1), "a 19-pt move is someone")
        var f = MouseMotionFilter()
        let first = f.isPresence(pointer(.mouse, at: 0, x: 100))
        let press = f.isPresence(pointer(.mouse, .down, at: 0.1, x: 100))
        let finger = f.isPresence(pointer(.touch, at: 0.2, x: 100))
        let wheel = f.isPresence(.wheel(WheelEvent(delta: Point(0, 1), location: Point(5, 5), time: 0.3)))
        let moved = f.isPresence(pointer(.mouse, at: 0.4, x: 103))
        #expect(!first)
        #expect(press, "a press always counts")
        #expect(finger && wheel, "a finger and a wheel always count")
        #expect(moved)
    }

    @Test func theExitChordIsCtrlAltQ() {
        #expect(KeyEvent(.character("q"), control: true, alt: true, time: 0).isKioskExitChord)
        #expect(!KeyEvent(.character("q"), time: 0).isKioskExitChord)
        #expect(!KeyEvent(.character("q"), control: true, time: 0).isKioskExitChord)
        #expect(!KeyEvent(.escape, control: true, alt: true, time: 0).isKioskExitChord)
    }
}
