import CSDL2
import Geometry
import Input

/// Turns SDL events into Lumen input events in window points and clock time.
///
/// Mouse and wheel positions come in SDL window coordinates, which are device pixels on X11:
/// they are divided by the pixels per point, so a click at `--scale 2` lands where it was drawn.
/// Mouse events SDL synthesizes from touch (`which == SDL_TOUCH_MOUSEID`) are dropped, so a tap
/// fires once: the finger events carry it. Finger coordinates (normalised 0…1 by SDL) are
/// scaled to the window's size in points. Keycodes become typed `Key`s here, once.
struct EventTranslator {
    /// The window's size in points (not turned).
    var windowSize: Size
    /// How the picture is turned: window points are turned into the layout's (logical) points.
    var rotation = DisplayRotation.none
    /// Window coordinates per point (scale ÷ device pixels per window coordinate).
    var coordinatesPerPoint = 1.0
    /// Converts an SDL timestamp (ms since SDL started) to clock seconds.
    var clockTime: (UInt32) -> Double

    /// Seconds from `start` to `ticks`, both SDL timestamps (milliseconds, wrapping at 2³²,
    /// about 49.7 days). An event stamped before `start` counts as at `start`: SDL's KMS driver
    /// queues the pointer's first position from /dev/input while the window is made, before the
    /// loop's timebase, and a plain wrapping subtraction put that event 49.7 days ahead and the
    /// animation clock with it (the scene froze, and a kiosk's attract loop began at once).
    static func seconds(ticks: UInt32, since start: UInt32) -> Double {
        Double(max(Int32(bitPattern: ticks &- start), 0)) / 1000
    }

    private func point(_ x: Int32, _ y: Int32) -> Point {
        rotation.toLogical(Point(Double(x) / coordinatesPerPoint, Double(y) / coordinatesPerPoint), window: windowSize)
    }

    func translate(_ e: SDL_Event) -> InputEvent? {
        switch e.type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = e.button
            guard b.which != lumen_touch_mouse_id(), b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            return .pointer(PointerEvent(id: 0, kind: .mouse, phase: e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up,
                                         location: point(b.x, b.y), time: clockTime(b.timestamp)))
        case SDL_MOUSEMOTION.rawValue:
            let m = e.motion
            guard m.which != lumen_touch_mouse_id() else { return nil }
            return .pointer(PointerEvent(id: 0, kind: .mouse, phase: .move, location: point(m.x, m.y),
                                         time: clockTime(m.timestamp), isPressed: m.state & lumen_button_mask(Int32(SDL_BUTTON_LEFT)) != 0))
        case SDL_MOUSEWHEEL.rawValue:
            let w = e.wheel
            guard w.which != lumen_touch_mouse_id() else { return nil }
            let flip: Float = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let dx = Double(w.preciseX * flip), dy = Double(w.preciseY * flip)
            // Wheels send whole notches; trackpads (smooth scrolling) send fractions.
            let precise = dx != dx.rounded() || dy != dy.rounded()
            // SDL's x is positive to the right; Lumen's positive x scrolls toward the leading edge.
            return .wheel(WheelEvent(delta: Point(-dx, dy), isPrecise: precise,
                                     location: point(w.mouseX, w.mouseY), time: clockTime(w.timestamp)))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            let phase: PointerEvent.Phase = e.type == SDL_FINGERDOWN.rawValue ? .down : (e.type == SDL_FINGERUP.rawValue ? .up : .move)
            return .pointer(PointerEvent(id: Int(truncatingIfNeeded: f.fingerId) &+ 1, kind: .touch, phase: phase,
                                         location: rotation.toLogical(Point(Double(f.x) * windowSize.width, Double(f.y) * windowSize.height),
                                                                      window: windowSize),
                                         time: clockTime(f.timestamp)))
        case SDL_KEYDOWN.rawValue:
            let k = e.key
            guard let key = SDLKeys.key(k.keysym.sym) else { return nil }
            let mod = k.keysym.mod
            return .key(KeyEvent(key, shift: mod & UInt16(KMOD_SHIFT.rawValue) != 0, control: mod & UInt16(KMOD_CTRL.rawValue) != 0,
                                 alt: mod & UInt16(KMOD_ALT.rawValue) != 0, time: clockTime(k.timestamp)))
        case SDL_TEXTINPUT.rawValue:
            // UTF-8, NUL-terminated, in a fixed 32-byte array.
            var t = e.text
            let string = withUnsafeBytes(of: &t.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return string.isEmpty ? nil : .text(TextEvent(string, time: clockTime(t.timestamp)))
        default:
            return nil
        }
    }
}
