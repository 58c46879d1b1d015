import CSDL2

/// A failure of SDL (no display, no window): the one line SDL gives for it.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String
    /// The command line asked for something this machine does not have (`--display 3` with
    /// one display): a bad flag, exit status 2.
    public let isBadArgument: Bool

    init(_ what: String) { description = "\(what): \(SDLError.lastMessage())"; isBadArgument = false }
    init(_ what: String, because why: String) { description = "\(what): \(why)"; isBadArgument = false }
    init(badArgument message: String) { description = message; isBadArgument = true }

    /// SDL's last error message, or "unknown error".
    static func lastMessage() -> String {
        let e = String(cString: SDL_GetError())
        return e.isEmpty ? "unknown error" : e
    }
}
