import Geometry

/// Plain-text wrapping for `--help`: words into lines, and a term with its text in a column.
enum TextWrap {
    /// `tokens` joined by spaces into lines of at most `width` characters (a longer token stands
    /// alone); the first line starts with `indent`, the others with `hanging`.
    static func words(_ tokens: [String], width: Int, indent: String, hanging: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for token in tokens {
            let fresh = line == indent || line == hanging
            if !fresh && line.count + 1 + token.count > width {
                lines.append(line)
                line = hanging
            }
            line += (line == indent || line == hanging ? "" : " ") + token
        }
        lines.append(line)
        return lines
    }

    /// "  term      text…", the text starting at column `at` (on the next line when the term is
    /// longer) and wrapped to `width`.
    static func column(_ term: String, _ text: String, width: Int, at: Int) -> [String] {
        let pad = String(repeating: " ", count: at)
        var body = words(text.split(separator: " ").map(String.init), width: width, indent: pad, hanging: pad)
        let head = "  " + term
        if head.count + 2 <= at {
            body[0] = head.padded(to: at) + body[0].dropFirst(at)
            return body
        }
        return [head] + body
    }
}
