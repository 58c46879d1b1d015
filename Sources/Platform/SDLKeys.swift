import CSDL2
import Input

/// SDL keycodes and Lumen's typed keys, mapped once here (as LVGL's keycode_to_ctrl_key and
/// iced's conversion::key do), so nothing above Platform sees a key name.
enum SDLKeys {
    private static let table: [(SDL_Keycode, Key)] = [
        (SDL_Keycode(SDLK_TAB.rawValue), .tab), (SDL_Keycode(SDLK_SPACE.rawValue), .space),
        (SDL_Keycode(SDLK_RETURN.rawValue), .enter), (SDL_Keycode(SDLK_KP_ENTER.rawValue), .enter),
        (SDL_Keycode(SDLK_ESCAPE.rawValue), .escape), (SDL_Keycode(SDLK_BACKSPACE.rawValue), .backspace),
        (SDL_Keycode(SDLK_DELETE.rawValue), .delete),
        (SDL_Keycode(SDLK_UP.rawValue), .up), (SDL_Keycode(SDLK_DOWN.rawValue), .down),
        (SDL_Keycode(SDLK_LEFT.rawValue), .left), (SDL_Keycode(SDLK_RIGHT.rawValue), .right),
        (SDL_Keycode(SDLK_PAGEUP.rawValue), .pageUp), (SDL_Keycode(SDLK_PAGEDOWN.rawValue), .pageDown),
        (SDL_Keycode(SDLK_HOME.rawValue), .home), (SDL_Keycode(SDLK_END.rawValue), .end),
    ]

    /// The key for an SDL keycode; nil for keys Lumen has no name for (modifiers, media keys).
    static func key(_ sym: SDL_Keycode) -> Key? {
        if let (_, key) = table.first(where: { $0.0 == sym }) { return key }
        // Printable keys' SDL keycodes are their (lower-case) ASCII characters.
        if (33...126).contains(sym), let scalar = Unicode.Scalar(UInt32(sym)) { return .character(Character(scalar)) }
        let f1 = SDL_Keycode(SDLK_F1.rawValue), f13 = SDL_Keycode(SDLK_F13.rawValue)
        if (f1...f1 + 11).contains(sym) { return .function(Int(sym - f1) + 1) }
        if (f13...f13 + 11).contains(sym) { return .function(Int(sym - f13) + 13) }
        return nil
    }

    /// The SDL keycode a key press makes (scripts push these through SDL's queue).
    static func keycode(_ key: Key) -> SDL_Keycode {
        if let (sym, _) = table.first(where: { $0.1 == key }) { return sym }
        switch key {
        case .character(let c): return c.unicodeScalars.first.map { SDL_Keycode($0.value) } ?? SDL_Keycode(SDLK_UNKNOWN.rawValue)
        case .function(let n) where n <= 12: return SDL_Keycode(SDLK_F1.rawValue) + SDL_Keycode(n - 1)
        case .function(let n): return SDL_Keycode(SDLK_F13.rawValue) + SDL_Keycode(n - 13)
        default: return SDL_Keycode(SDLK_UNKNOWN.rawValue)
        }
    }
}
