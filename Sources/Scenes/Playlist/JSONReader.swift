/// A JSON value with the line it starts on, so that a check after parsing (a wrong type, an
/// unknown key) can say where in the file the problem is.
package struct JSONNode: Equatable, Sendable {
    package enum Value: Equatable, Sendable {
        /// Members in file order, each with the line of its key.
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }
    package struct Member: Equatable, Sendable {
        package let key: String
        package let line: Int
        package let value: JSONNode
    }
    package let value: Value
    /// 1-based line of the value's first character.
    package let line: Int
}

/// Reads JSON (RFC 8259) into `JSONNode`s that keep their line numbers.
///
/// Foundation's `JSONDecoder` names the line of a syntax error but not the line of a value
/// that is well-formed and wrong (a number where text belongs, an unknown key), which is what
/// an operator editing a playlist needs to hear; so the playlist is read here. It is a small
/// file read when it changes, so speed does not matter. Duplicate keys are refused (the second
/// would silently win elsewhere), as are nesting beyond 64 levels.
package enum JSONReader {
    package struct SyntaxError: Error, Equatable, CustomStringConvertible {
        package let line: Int
        package let column: Int
        package let reason: String
        package var description: String { "line \(line), column \(column): \(reason)" }
    }

    package static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        var reader = Cursor(bytes: Array(text.utf8))
        reader.skipSpace()
        let node = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.atEnd else { throw reader.error("unexpected \(reader.describeHere()) after the end of the document") }
        return node
    }

    private struct Cursor {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0

        var atEnd: Bool { i >= bytes.count }
        var current: UInt8? { atEnd ? nil : bytes[i] }

        func error(_ reason: String) -> SyntaxError {
            // Columns count characters, not bytes.
            let column = String(decoding: bytes[lineStart..<min(i, bytes.count)], as: UTF8.self).count + 1
            return SyntaxError(line: line, column: column, reason: reason)
        }

        func describeHere() -> String {
            guard let c = current else { return "end of file" }
            let scalar = String(decoding: bytes[i..<min(i + 4, bytes.count)], as: UTF8.self).first.map(String.init) ?? "?"
            return c < 0x20 ? "control character" : "'\(scalar)'"
        }

        mutating func skipSpace() {
            while let c = current {
                switch c {
                case 0x20, 0x09, 0x0D: i += 1
                case 0x0A: i += 1; line += 1; lineStart = i
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONNode {
            guard depth < 64 else { throw error("nested deeper than 64 levels") }
            let startLine = line
            guard let c = current else { throw error("expected a value, got the end of the file") }
            switch c {
            case UInt8(ascii: "{"): return JSONNode(value: .object(try object(depth: depth)), line: startLine)
            case UInt8(ascii: "["): return JSONNode(value: .array(try array(depth: depth)), line: startLine)
            case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), line: startLine)
            case UInt8(ascii: "t"): try word("true"); return JSONNode(value: .bool(true), line: startLine)
            case UInt8(ascii: "f"): try word("false"); return JSONNode(value: .bool(false), line: startLine)
            case UInt8(ascii: "n"): try word("null"); return JSONNode(value: .null, line: startLine)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: .number(try number()), line: startLine)
            default: throw error("expected a value, got \(describeHere())")
            }
        }

        mutating func word(_ w: String) throws(SyntaxError) {
            let u = Array(w.utf8)
            guard i + u.count <= bytes.count, Array(bytes[i..<i + u.count]) == u else { throw error("expected a value, got \(describeHere())") }
            i += u.count
        }

        mutating func expect(_ c: Character, _ what: String) throws(SyntaxError) {
            guard current == c.asciiValue else { throw error("expected \(what), got \(describeHere())") }
            i += 1
        }

        mutating func object(depth: Int) throws(SyntaxError) -> [JSONNode.Member] {
            i += 1
            var members: [JSONNode.Member] = []
            skipSpace()
            if current == UInt8(ascii: "}") { i += 1; return members }
            while true {
                skipSpace()
                let keyLine = line
                guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes, got \(describeHere())") }
                let key = try string()
                if members.contains(where: { $0.key == key }) { throw error("the key \"\(key)\" is given twice") }
                skipSpace()
                try expect(":", "':' after the key \"\(key)\"")
                skipSpace()
                members.append(JSONNode.Member(key: key, line: keyLine, value: try value(depth: depth + 1)))
                skipSpace()
                if current == UInt8(ascii: ",") { i += 1; continue }
                try expect("}", "',' or '}'")
                return members
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> [JSONNode] {
            i += 1
            var items: [JSONNode] = []
            skipSpace()
            if current == UInt8(ascii: "]") { i += 1; return items }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if current == UInt8(ascii: ",") { i += 1; continue }
                try expect("]", "',' or ']'")
                return items
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            i += 1
            var out: [UInt8] = []
            while true {
                guard let c = current else { throw error("a string is not closed") }
                switch c {
                case UInt8(ascii: "\""):
                    i += 1
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    i += 1
                    guard let e = current else { throw error("a string is not closed") }
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            // A surrogate pair: the low half must follow.
                            guard current == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                                throw error("a \\u escape opens a surrogate pair that is not closed")
                            }
                            i += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u escape opens a surrogate pair that is not closed") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00..<0xE000).contains(code) {
                            throw error("a lone low surrogate in a \\u escape")
                        }
                        out.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
                    default:
                        i -= 1
                        throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                    }
                case 0x00..<0x20:
                    throw error(c == 0x0A ? "a string is not closed on its line" : "a control character inside a string")
                default:
                    out.append(c)
                    i += 1
                }
            }
        }

        /// Four hex digits, and only those (`UInt32(_:radix:)` would take a sign: `\\u+041`).
        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard i + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
            var v: UInt32 = 0
            for b in bytes[i..<i + 4] {
                guard let digit = Character(Unicode.Scalar(b)).hexDigitValue else { throw error("a \\u escape needs four hex digits") }
                v = v << 4 | UInt32(digit)
            }
            i += 4
            return v
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = i
            func digits() -> Int {
                let s = i
                while let c = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) { i += 1 }
                return i - s
            }
            if current == UInt8(ascii: "-") { i += 1 }
            let intStart = i
            let n = digits()
            guard n > 0 else { throw error("a number needs digits") }
            if n > 1, bytes[intStart] == UInt8(ascii: "0") { i = intStart; throw error("a number cannot start with 0") }
            if current == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw error("a number needs digits after '.'") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                i += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw error("a number needs digits in its exponent") }
            }
            guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
                i = start
                throw error("a number too large")
            }
            return v
        }
    }
}
