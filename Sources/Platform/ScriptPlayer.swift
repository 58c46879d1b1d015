import CSDL2
import Geometry
import Input

/// Plays script commands into SDL's event queue as the SDL events a device would make, so
/// scripted input takes the same path as a person's: translation, then the tree.
struct ScriptPlayer {
    /// The scripted mouse: where it is and whether its button is held.
    private(set) var mouse = InputScript.MouseState()

    /// The SDL events for `command` (none for screenshot), in window coordinates: points ×
    /// `coordinatesPerPoint`; fingers normalised to the window's size in points.
    /// Script points are the layout's (logical) points: with a `rotation`, they are turned into
    /// the window's (of `windowSize` points, not turned) as a device would report them.
    mutating func events(for command: InputScript.Command, windowID: UInt32, ticks: UInt32,
                         windowSize: Size, rotation: DisplayRotation = .none, coordinatesPerPoint: Double) -> [SDL_Event] {
        defer { mouse.apply(command) }
        var e = SDL_Event()
        func coordinate(_ v: Double) -> Int32 { Int32((v * coordinatesPerPoint).rounded()) }
        func window(_ p: Point) -> Point { rotation.toWindow(p, window: windowSize) }
        func mouseButton(_ type: SDL_EventType, _ p: Point) {
            e.type = type.rawValue
            e.button.timestamp = ticks
            e.button.windowID = windowID
            e.button.which = 0
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = 1
            let w = window(p)
            e.button.x = coordinate(w.x); e.button.y = coordinate(w.y)
        }
        func finger(_ type: SDL_EventType, _ id: Int, _ p: Point) {
            e.type = type.rawValue
            e.tfinger.timestamp = ticks
            e.tfinger.touchId = 1
            e.tfinger.fingerId = Int64(id)
            let w = window(p)
            e.tfinger.x = Float(w.x / windowSize.width); e.tfinger.y = Float(w.y / windowSize.height)
            e.tfinger.pressure = type == SDL_FINGERUP ? 0 : 1
            e.tfinger.windowID = windowID
        }
        switch command {
        case .mouseDown(let p): mouseButton(SDL_MOUSEBUTTONDOWN, p)
        case .mouseUp(let p): mouseButton(SDL_MOUSEBUTTONUP, p)
        case .mouseMove(let p):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.timestamp = ticks
            e.motion.windowID = windowID
            e.motion.which = 0
            e.motion.state = mouse.isDown ? lumen_button_mask(Int32(SDL_BUTTON_LEFT)) : 0
            let w = window(p)
            e.motion.x = coordinate(w.x); e.motion.y = coordinate(w.y)
        case .wheel(let d, let precise):
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.timestamp = ticks
            e.wheel.windowID = windowID
            e.wheel.which = 0
            e.wheel.x = Int32(d.x.rounded()); e.wheel.y = Int32(d.y.rounded())
            let px = precise ? InputScript.precise(d.x) : d.x
            let py = precise ? InputScript.precise(d.y) : d.y
            e.wheel.preciseX = Float(px); e.wheel.preciseY = Float(py)
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            let at = window(mouse.wheelLocation(in: rotation.logicalSize(windowSize)))
            e.wheel.mouseX = coordinate(at.x); e.wheel.mouseY = coordinate(at.y)
        case .fingerDown(let id, let p): finger(SDL_FINGERDOWN, id, p)
        case .fingerMove(let id, let p): finger(SDL_FINGERMOTION, id, p)
        case .fingerUp(let id, let p): finger(SDL_FINGERUP, id, p)
        case .key(let key, let shift, let control, let alt):
            let sym = SDLKeys.keycode(key)
            return [SDL_KEYDOWN, SDL_KEYUP].map { type in
                var k = SDL_Event()
                k.type = type.rawValue
                k.key.timestamp = ticks
                k.key.windowID = windowID
                k.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
                k.key.keysym.sym = sym
                k.key.keysym.scancode = SDL_GetScancodeFromKey(sym)
                k.key.keysym.mod = UInt16((shift ? KMOD_LSHIFT.rawValue : 0) | (control ? KMOD_LCTRL.rawValue : 0) | (alt ? KMOD_LALT.rawValue : 0))
                return k
            }
        case .drop(let paths):
            // As a file manager's drop arrives: begin, one event a path (SDL owns the copy
            // and the window frees it), complete.
            var events: [SDL_Event] = []
            for type in [SDL_DROPBEGIN] + paths.map({ _ in SDL_DROPFILE }) + [SDL_DROPCOMPLETE] {
                var d = SDL_Event()
                d.type = type.rawValue
                d.drop.timestamp = ticks
                d.drop.windowID = windowID
                events.append(d)
            }
            for (i, path) in paths.enumerated() { events[i + 1].drop.file = SDL_strdup(path) }
            return events
        case .text(let string):
            var t = SDL_Event()
            t.type = SDL_TEXTINPUT.rawValue
            t.text.timestamp = ticks
            t.text.windowID = windowID
            withUnsafeMutableBytes(of: &t.text.text) { raw in
                let bytes = Array(string.utf8.prefix(raw.count - 1))
                for (i, b) in bytes.enumerated() { raw[i] = b }
                raw[bytes.count] = 0
            }
            return [t]
        case .screenshot:
            return []
        case .quit:
            e.type = SDL_QUIT.rawValue
        }
        return [e]
    }
}
