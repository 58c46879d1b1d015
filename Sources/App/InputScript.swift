import Foundation
import Geometry

/// A file of timed input for the real app loop (`lumen --script FILE`), one command a line:
///
///     at MS mouse-down X Y | mouse-move X Y | mouse-up X Y
///     at MS wheel DX DY | wheel-precise DX DY       (notches; precise = fractional, applied directly)
///     at MS finger-down ID X Y | finger-move ID X Y | finger-up ID X Y
///     at MS key NAME                                 (an SDL key name: Down, Page Down, Tab, Space, m…)
///     at MS screenshot FILE.png
///     at MS quit
///
/// MS counts milliseconds from the first frame; X and Y are window points. `#` starts a comment.
public struct InputScript: Equatable {
    public enum Command: Equatable {
        case mouseDown(Point), mouseMove(Point), mouseUp(Point)
        case wheel(Point, precise: Bool)
        case fingerDown(Int, Point), fingerMove(Int, Point), fingerUp(Int, Point)
        case key(String)
        case screenshot(String)
        case quit
    }
    public struct Step: Equatable {
        /// Seconds from the first frame.
        public var time: Double
        public var command: Command
    }

    public var steps: [Step]

    /// Parses a script; the error names the line and what is wrong with it.
    public static func parse(_ text: String) throws(UsageError) -> InputScript {
        var steps: [Step] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { continue }
            func fail(_ why: String) -> UsageError { UsageError("script line \(n + 1): \(why): \(line.trimmingCharacters(in: .whitespaces))") }
            guard words.count >= 3, words[0] == "at", let ms = Double(words[1]), ms >= 0, ms.isFinite else {
                throw fail("expected 'at MS COMMAND …'")
            }
            let args = Array(words.dropFirst(3))
            func numbers(_ count: Int) throws(UsageError) -> [Double] {
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
                guard v[0] >= 0, v[0] == v[0].rounded() else { throw fail("finger ids are whole numbers ≥ 0") }
                let id = Int(v[0]), p = Point(v[1], v[2])
                command = words[2] == "finger-down" ? .fingerDown(id, p) : words[2] == "finger-move" ? .fingerMove(id, p) : .fingerUp(id, p)
            case "key":
                guard !args.isEmpty else { throw fail("key needs a key name") }
                command = .key(args.joined(separator: " "))
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
    public static func load(_ path: String) throws(UsageError) -> InputScript {
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read script '\(path)'") }
        return try parse(String(decoding: data, as: UTF8.self))
    }
}
