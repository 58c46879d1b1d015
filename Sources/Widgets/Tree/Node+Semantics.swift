import Geometry

extension Node {
    /// One semantics element: what a screen reader would visit.
    public struct SemanticsElement: Sendable {
        /// What the node says.
        public var semantics: Semantics
        /// Where it is, in window points.
        public var frame: Rect
        /// How deep in the tree it is.
        public var depth: Int
    }

    /// The visible semantics elements under this node, in reading order (depth first).
    public func semanticsElements(depth: Int = 0) -> [SemanticsElement] {
        guard !isHidden, !semantics.hidden else { return [] }
        var out: [SemanticsElement] = []
        var childDepth = depth
        if !semantics.isEmpty {
            out.append(SemanticsElement(semantics: semantics, frame: windowFrame, depth: depth))
            childDepth += 1
        }
        for c in children { out += c.semanticsElements(depth: childDepth) }
        return out
    }

    /// The semantics tree as text, one element a line:
    /// `button "Forest" value="Color follows scrolling" [24, 100, 600×450]`.
    public func semanticsDump() -> String {
        semanticsElements().map { e in
            var parts: [String] = []
            let traits = e.semantics.traits.sorted().map(\.rawValue)
            parts.append(traits.isEmpty ? "element" : traits.joined(separator: ","))
            if let l = e.semantics.label { parts.append("\"\(l)\"") }
            if let v = e.semantics.value { parts.append("value=\"\(v)\"") }
            if let h = e.semantics.hint { parts.append("hint=\"\(h)\"") }
            parts.append(e.frame.description)
            return String(repeating: "  ", count: e.depth) + parts.joined(separator: " ")
        }.joined(separator: "\n")
    }
}
