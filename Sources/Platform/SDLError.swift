import CSDL2

/// A failure of SDL (no display, no window): the one line SDL gives for it.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String

    init(_ what: String) { description = "\(what): \(SDLError.lastMessage())" }

    /// SDL's last error message, or "unknown error".
    static func lastMessage() -> String {
        let e = String(cString: SDL_GetError())
        return e.isEmpty ? "unknown error" : e
    }
}
