import CSDL2
import Geometry
import Input
import Testing
import Widgets
@testable import Platform

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

@Suite("Keys and positions are typed once, at the platform edge")
struct PlatformConversionTests {
    @Test func everyNamedKeyRoundTripsThroughItsKeycode() {
        for (key, name) in Key.named {
            #expect(SDLKeys.key(SDLKeys.keycode(key)) == key, "\(name)")
            #expect(Key(name: name) == key)
        }
        #expect(SDLKeys.key(SDL_Keycode(Character("3").asciiValue!)) == .character("3"))
        #expect(SDLKeys.key(SDL_Keycode(SDLK_F5.rawValue)) == .function(5))
        #expect(SDLKeys.key(SDL_Keycode(SDLK_LSHIFT.rawValue)) == nil, "a modifier alone is no key")
    }

    @Test func mouseAndWheelPositionsAreDividedIntoPoints() {
        // --scale 2 on X11: window coordinates are device pixels, two per point.
        let t = EventTranslator(windowSize: Size(width: 640, height: 400), coordinatesPerPoint: 2, clockTime: { _ in 0 })
        var b = SDL_Event()
        b.type = SDL_MOUSEBUTTONDOWN.rawValue; b.button.button = UInt8(SDL_BUTTON_LEFT); b.button.x = 900; b.button.y = 300
        #expect(t.translate(b) == .pointer(PointerEvent(phase: .down, location: Point(450, 150), time: 0)))
        var w = SDL_Event()
        w.type = SDL_MOUSEWHEEL.rawValue; w.wheel.preciseY = 1; w.wheel.mouseX = 100; w.wheel.mouseY = 60
        guard case .wheel(let wh)? = t.translate(w) else { Issue.record(); return }
        #expect(wh.location == Point(50, 30))
        var f = SDL_Event()
        f.type = SDL_FINGERDOWN.rawValue; f.tfinger.x = 0.5; f.tfinger.y = 0.25
        guard case .pointer(let p)? = t.translate(f) else { Issue.record(); return }
        #expect(p.location == Point(320, 100), "touch is normalised by SDL and stays in points")
    }

    /// Every script command pushed as SDL events and translated back is the event the headless
    /// path makes from it directly: the window and `lumen render` see the same input.
    @Test(arguments: [1.0, 2.0])
    func scriptedEventsTranslateToWhatHeadlessPlays(scale: Double) throws {
        let script = try InputScript.parse("""
        at 0 wheel 0 -2
        at 10 mouse-move 100 50
        at 20 mouse-down 100 50
        at 30 mouse-move 120 80
        at 40 mouse-up 120 80
        at 50 wheel 0 -3
        at 60 wheel-precise 0.5 -1
        at 70 finger-down 0 300 200
        at 80 finger-move 0 310 150
        at 90 finger-up 0 310 150
        at 100 key 3
        at 110 key Page Down
        at 120 key PageUp
        at 130 key Shift+Tab
        at 140 key m
        """)
        let size = Size(width: 640, height: 400)
        let translator = EventTranslator(windowSize: size, coordinatesPerPoint: scale, clockTime: { _ in 7 })
        var player = ScriptPlayer()
        var mouse = InputScript.MouseState()
        for step in script.steps {
            let expected = step.command.inputEvent(at: 7, mouse: mouse, windowSize: size)
            mouse.apply(step.command)
            let events = player.events(for: step.command, windowID: 1, ticks: 0, windowSize: size, coordinatesPerPoint: scale)
            let translated = events.compactMap(translator.translate)
            #expect(translated.first == expected, "\(step.command)")
            #expect(translated.count == 1, "one input event for \(step.command)")
        }
    }

    /// SDL timestamps are milliseconds that wrap at 2³²; an event from before the timebase (the
    /// KMS driver's first pointer position, queued while the window is made) is at its start,
    /// not 49.7 days on.
    @Test func anEventStampedBeforeTheTimebaseIsAtItsStart() {
        #expect(EventTranslator.seconds(ticks: 5_250, since: 5_000) == 0.25)
        #expect(EventTranslator.seconds(ticks: 4_990, since: 5_000) == 0, "10 ms before the timebase")
        #expect(EventTranslator.seconds(ticks: 0, since: 2_331) == 0)
        // Across the wrap: started 10 ms before it, stamped 6 ms after it.
        #expect(EventTranslator.seconds(ticks: 6, since: UInt32.max - 9) == 0.016)
    }
}
