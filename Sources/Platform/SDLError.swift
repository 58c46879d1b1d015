import CSDL2

/// A failure of SDL (no display, no window): the one line SDL gives for it.
package struct SDLError: Error, CustomStringConvertible {
    package let description: String
    /// The command line asked for something this machine does not have (`--display 3` with
    /// one display): a bad flag, exit status 2.
    package var isBadArgument: Bool { kind == .badArgument }
    /// SDL's video did not start (no display, no driver that shows anything): whatever window
    /// is tried next meets the same.
    package var isNoVideo: Bool { kind == .noVideo }
    private let kind: Kind
    private enum Kind { case failed, badArgument, noVideo }

    init(_ what: String) { description = "\(what): \(SDLError.lastMessage())"; kind = .failed }
    init(_ what: String, because why: String) { description = "\(what): \(why)"; kind = .failed }
    init(badArgument message: String) { description = message; kind = .badArgument }
    init(noVideo why: String) { description = "cannot start SDL video: \(why)"; kind = .noVideo }

    /// SDL's last error message, or "unknown error".
    static func lastMessage() -> String {
        let e = String(cString: SDL_GetError())
        return e.isEmpty ? "unknown error" : e
    }
}
