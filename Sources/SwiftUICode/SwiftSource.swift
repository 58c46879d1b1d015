/// Swift source built line by line, four spaces a level, as Xcode indents it.
package struct SwiftSource {
    package private(set) var lines: [String] = []
    private var depth = 0
    package init() {}

    /// One line at the current depth (an empty line stays empty).
    package mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// `opener {` (`opener { parameters in` for a closure), the body one level in, then `}`.
    package mutating func block(_ opener: String, parameters: String? = nil, _ body: (inout SwiftSource) -> Void) {
        line(opener + " {" + (parameters.map { " \($0) in" } ?? ""))
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Modifiers one level in below the view they follow (`.padding(24)`).
    package mutating func modifiers(_ items: [String]) {
        indented { for m in items { $0.line(m) } }
    }

    /// Modifiers after a block's closing brace, at the brace's depth (`}` then `.padding(16)`).
    package mutating func after(_ items: [String]) {
        for m in items { line(m) }
    }

    /// Lines one level in (modifiers that take a closure).
    package mutating func indented(_ body: (inout SwiftSource) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// The file's opening: comment lines saying what it is, which component and files it needs, and
    /// the settings it was made with; then `import SwiftUI`.
    package mutating func header(_ comments: [String]) {
        for c in comments { line("// " + c) }
        line("import SwiftUI")
        line()
    }

    /// A `#Preview` of `view`.
    package mutating func preview(_ view: String) {
        line()
        block("#Preview") { $0.line(view) }
    }

    package var text: String { lines.joined(separator: "\n") + "\n" }
}
