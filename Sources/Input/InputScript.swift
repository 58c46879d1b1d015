import FoundationEssentials
import Geometry

/// A file of timed input for the real app loop (`lumen --script FILE`), one command a line:
///
///     at MS mouse-down X Y | mouse-move X Y | mouse-up X Y
///     at MS wheel DX DY | wheel-precise DX DY       (notches; precise = fractional, applied directly)
///     at MS finger-down ID X Y | finger-move ID X Y | finger-up ID X Y
///     at MS key NAME | key Shift+NAME                (Down, PageDown or Page Down, Tab, Space, Return, 3,
/// m…)
///     at MS screenshot FILE.png
///     at MS quit
///
/// MS counts milliseconds from the first frame; X and Y are window points. `#` starts a comment.
/// A wheel turns where the pointer last was (the window's centre before any pointer step).
///
/// The window plays a script through the platform's event queue, as a device's input would
/// arrive; headless renders turn each command into its input event with `inputEvent(…)`.
public struct InputScript: Equatable {
    /// A line that cannot be played: which line, and why.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// What is wrong, with the line's number.
        public let message: String
        /// An error saying `message`.
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// One line of a script: what it does.
    package enum Command: Equatable {
        /// The mouse pressed at a window point.
        case mouseDown(Point)
        /// The mouse moved to a window point.
        case mouseMove(Point)
        /// The mouse let go at a window point.
        case mouseUp(Point)
        /// A wheel scroll of so many notches (x, y); `precise`: a trackpad's.
        case wheel(Point, precise: Bool)
        /// Finger N pressed at a window point.
        case fingerDown(Int, Point)
        /// Finger N moved to a window point.
        case fingerMove(Int, Point)
        /// Finger N lifted at a window point.
        case fingerUp(Int, Point)
        /// A key pressed, with its modifiers.
        case key(Key, shift: Bool, control: Bool = false, alt: Bool = false)
        /// Files or folders dropped on the window.
        case drop([String])
        /// Typed text (as a keyboard with its layout gives it).
        case text(String)
        /// The frame saved as a PNG at this path.
        case screenshot(String)
        /// The app quits.
        case quit
    }
    /// A command at its time.
    package struct Step: Equatable {
        /// Seconds from the first frame.
        public var time: Double
        /// What happens.
        public var command: Command
    }

    /// The steps, in time order.
    package var steps: [Step]

    /// The largest finger id a script may name (a touchscreen tracks ten or so at once).
    package static let maxFinger = 1000

    /// Parses a script; the error names the line and what is wrong with it.
    public static func parse(_ text: String) throws(InputScript.ParseError) -> InputScript {
        var steps: [Step] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { continue }
            func fail(_ why: String) -> InputScript.ParseError { InputScript.ParseError("script line \(n + 1): \(why): \(line.trimmed)") }
            guard words.count >= 3, words[0] == "at", let ms = Double(words[1]), ms >= 0, ms.isFinite else {
                throw fail("expected 'at MS COMMAND …'")
            }
            let args = Array(words.dropFirst(3))
            func numbers(_ count: Int) throws(InputScript.ParseError) -> [Double] {
                guard args.count == count else { throw fail("\(words[2]) takes \(count) numbers") }
                var out: [Double] = []
                for a in args {
                    guard let v = Double(a), v.isFinite else { throw fail("'\(a)' is not a number") }
                    out.append(v)
                }
                return out
            }
            let command: Command
            switch words[2] {
            case "mouse-down": let v = try numbers(2); command = .mouseDown(Point(v[0], v[1]))
            case "mouse-move": let v = try numbers(2); command = .mouseMove(Point(v[0], v[1]))
            case "mouse-up": let v = try numbers(2); command = .mouseUp(Point(v[0], v[1]))
            case "wheel": let v = try numbers(2); command = .wheel(Point(v[0], v[1]), precise: false)
            case "wheel-precise": let v = try numbers(2); command = .wheel(Point(v[0], v[1]), precise: true)
            case "finger-down", "finger-move", "finger-up":
                let v = try numbers(3)
                guard v[0] >= 0, v[0] <= Double(Self.maxFinger), v[0] == v[0].rounded() else {
                    throw fail("finger ids are whole numbers from 0 to \(Self.maxFinger)")
                }
                let id = Int(v[0]), p = Point(v[1], v[2])
                command = words[2] == "finger-down" ? .fingerDown(id, p) : words[2] == "finger-move" ? .fingerMove(id, p) : .fingerUp(id, p)
            case "key":
                guard !args.isEmpty else { throw fail("key needs a key name") }
                var name = args.joined(separator: " ")
                // Modifiers first, in any order: "shift+tab", "ctrl+alt+q".
                var held: Set<String> = []
                while let plus = name.firstIndex(of: "+"), plus != name.index(before: name.endIndex) {
                    let word = name[..<plus].lowercased()
                    guard ["shift", "ctrl", "control", "alt"].contains(word) else { break }
                    held.insert(word == "control" ? "ctrl" : word)
                    name = String(name[name.index(after: plus)...])
                }
                let shift = held.contains("shift")
                guard let key = Key(name: name) else {
                    throw fail("unknown key '\(name)' (keys: \(Key.named.map(\.1).joined(separator: ", ")), F1…F24 or one character)")
                }
                command = .key(key, shift: shift, control: held.contains("ctrl"), alt: held.contains("alt"))
            case "drop":
                guard !args.isEmpty else { throw fail("drop needs at least one path") }
                command = .drop(Array(args))
            case "text":
                guard !args.isEmpty else { throw fail("text needs something to type") }
                command = .text(args.joined(separator: " "))
            case "screenshot":
                guard args.count == 1 else { throw fail("screenshot needs one file name") }
                command = .screenshot(args[0])
            case "quit":
                guard args.isEmpty else { throw fail("quit takes nothing") }
                command = .quit
            default:
                throw fail("unknown command '\(words[2])'")
            }
            steps.append(Step(time: ms / 1000, command: command))
        }
        return InputScript(steps: steps.sorted { $0.time < $1.time })
    }

    /// Reads and parses a script file.
    public static func load(_ path: String) throws(InputScript.ParseError) -> InputScript {
        guard let data = FileManager.default.contents(atPath: path) else { throw InputScript.ParseError("cannot read script '\(path)'") }
        return try parse(String(decoding: data, as: UTF8.self))
    }
}

extension InputScript {
    /// A trackpad (precise) delta as a device sends it: fractional by nature, so a whole step
    /// in a script is nudged to 0.999 of itself, which platforms and the tree read as precise;
    /// and in single precision, as SDL carries it.
    package static func precise(_ delta: Double) -> Double {
        Double(Float(delta == delta.rounded() && delta != 0 ? delta * 0.999 : delta))
    }

    /// The scripted mouse between steps: where it last was and whether its button is held.
    package struct MouseState: Equatable, Sendable {
        /// Where the mouse last was (window points), nil before it moved.
        public var location: Point?
        /// Whether its button is held.
        public var isDown = false
        /// A mouse not yet moved, its button up.
        public init() {}

        /// The state after `command`.
        public mutating func apply(_ command: Command) {
            switch command {
            case .mouseDown(let p): location = p; isDown = true
            case .mouseUp(let p): location = p; isDown = false
            case .mouseMove(let p): location = p
            default: break
            }
        }

        /// Where a wheel turns: the last pointer position, else the centre of the window.
        public func wheelLocation(in windowSize: Size) -> Point {
            location ?? Point(windowSize.width / 2, windowSize.height / 2)
        }
    }
}

extension InputScript.Command {
    /// The input event this command stands for at clock `time`, with the mouse as it was
    /// before the command, in a window of `size` points; nil for screenshot and quit. Finger
    /// ids are offset by one, as the platform's are, so that finger 0 is not the mouse.
    public func inputEvent(at time: Double, mouse: InputScript.MouseState, windowSize: Size) -> InputEvent? {
        switch self {
        case .mouseDown(let p): .pointer(PointerEvent(phase: .down, location: p, time: time))
        case .mouseMove(let p): .pointer(PointerEvent(phase: .move, location: p, time: time, isPressed: mouse.isDown))
        case .mouseUp(let p): .pointer(PointerEvent(phase: .up, location: p, time: time))
        case .wheel(let d, let precise):
            .wheel(WheelEvent(delta: precise ? Point(-InputScript.precise(d.x), InputScript.precise(d.y)) : Point(-d.x, d.y),
                              isPrecise: precise, location: mouse.wheelLocation(in: windowSize), time: time))
        case .fingerDown(let id, let p): .pointer(PointerEvent(id: id + 1, kind: .touch, phase: .down, location: p, time: time))
        case .fingerMove(let id, let p): .pointer(PointerEvent(id: id + 1, kind: .touch, phase: .move, location: p, time: time))
        case .fingerUp(let id, let p): .pointer(PointerEvent(id: id + 1, kind: .touch, phase: .up, location: p, time: time))
        case .key(let key, let shift, let control, let alt): .key(KeyEvent(key, shift: shift, control: control, alt: alt, time: time))
        case .text(let t): .text(TextEvent(t, time: time))
        case .drop, .screenshot, .quit: nil
        }
    }
}
