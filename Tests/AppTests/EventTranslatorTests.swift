import CSDL2
import Geometry
import Testing
import Widgets
@testable import App

@Suite("SDL events become Lumen input")
struct EventTranslatorTests {
    let t = EventTranslator(windowSize: Size(width: 1000, height: 500), clockTime: { Double($0) / 1000 })

    @Test func touchAndTheMouseSDLSynthesizesFromItGiveOneTap() {
        var down = SDL_Event(), up = SDL_Event(), synthDown = SDL_Event(), synthUp = SDL_Event()
        down.type = SDL_FINGERDOWN.rawValue; down.tfinger.fingerId = 7; down.tfinger.x = 0.5; down.tfinger.y = 0.5; down.tfinger.timestamp = 1000
        up.type = SDL_FINGERUP.rawValue; up.tfinger.fingerId = 7; up.tfinger.x = 0.5; up.tfinger.y = 0.5; up.tfinger.timestamp = 1050
        for (e, type) in [(0, SDL_MOUSEBUTTONDOWN), (1, SDL_MOUSEBUTTONUP)] {
            var m = SDL_Event()
            m.type = type.rawValue
            m.button.which = lumen_touch_mouse_id()
            m.button.button = UInt8(SDL_BUTTON_LEFT)
            m.button.x = 500; m.button.y = 250
            if e == 0 { synthDown = m } else { synthUp = m }
        }
        let events = [down, synthDown, synthUp, up].compactMap(t.translate)
        #expect(events.count == 2, "the synthesized mouse events are dropped")
        guard case .pointer(let p) = events[0] else { Issue.record(); return }
        #expect(p.kind == .touch && p.phase == .down && p.location == Point(500, 250) && p.time == 1.0)
        // Through a tree: one tap.
        var taps = 0
        let b = Button("Tap") { taps += 1 }
        let tree = WidgetTree(root: b.frame(maxWidth: .infinity, maxHeight: .infinity), size: Size(width: 1000, height: 500))
        _ = tree.frame()
        for e in [down, synthDown, synthUp, up].compactMap(t.translate) { tree.handle(e) }
        #expect(taps == 1)
    }

    @Test func mouseWheelAndKeys() {
        var m = SDL_Event()
        m.type = SDL_MOUSEMOTION.rawValue; m.motion.x = 10; m.motion.y = 20; m.motion.state = lumen_button_mask(Int32(SDL_BUTTON_LEFT))
        guard case .pointer(let p)? = t.translate(m) else { Issue.record(); return }
        #expect(p.kind == .mouse && p.isPressed && p.location == Point(10, 20))
        var w = SDL_Event()
        w.type = SDL_MOUSEWHEEL.rawValue; w.wheel.y = -2; w.wheel.preciseY = -2; w.wheel.mouseX = 5; w.wheel.mouseY = 6
        guard case .wheel(let wh)? = t.translate(w) else { Issue.record(); return }
        #expect(wh.delta == Point(0, -2) && !wh.isPrecise && wh.location == Point(5, 6))
        w.wheel.preciseY = -0.35
        guard case .wheel(let tp)? = t.translate(w) else { Issue.record(); return }
        #expect(tp.isPrecise, "fractional deltas come from a trackpad")
        w.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue; w.wheel.preciseY = 1
        guard case .wheel(let fl)? = t.translate(w) else { Issue.record(); return }
        #expect(fl.delta.y == -1, "natural scrolling is flipped back")
        var k = SDL_Event()
        k.type = SDL_KEYDOWN.rawValue; k.key.keysym.sym = Int32(SDLK_TAB.rawValue); k.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue)
        #expect(t.translate(k) == .key(KeyEvent(.tab, shift: true, time: 0)))
        k.key.keysym.sym = Int32(SDLK_PAGEDOWN.rawValue); k.key.keysym.mod = 0
        #expect(t.translate(k) == .key(KeyEvent(.pageDown, time: 0)))
    }
}
