import Geometry

/// A `DisplayList` is an ordered list of `DrawCommand`s. Widgets build one each frame; the
/// renderer replays it, clipped to the damaged region.
public struct DisplayList {
    /// The commands, in drawing order.
    public private(set) var commands: [DrawCommand] = []
    /// An empty list.
    public init() {}
    /// An empty list with room for `capacity` commands (a frame like the last one grows once).
    public init(reservingCapacity capacity: Int) { commands.reserveCapacity(capacity) }
    /// A list of `commands`.
    public init(_ commands: [DrawCommand]) { self.commands = commands }

    /// Adds `c` at the end.
    public mutating func append(_ c: DrawCommand) { commands.append(c) }
    /// Adds `other`'s commands at the end.
    public mutating func append(contentsOf other: DisplayList) { commands.append(contentsOf: other.commands) }

    /// How many commands there are.
    public var count: Int { commands.count }
    /// Whether there are none.
    public var isEmpty: Bool { commands.isEmpty }

    /// Whether every push has its matching pop, in order.
    public var isBalanced: Bool {
        var stack: [Int] = []
        for c in commands {
            switch c {
            case .pushClip: stack.append(0)
            case .pushTransform: stack.append(1)
            case .pushLayer: stack.append(2)
            case .popClip: if stack.popLast() != 0 { return false }
            case .popTransform: if stack.popLast() != 1 { return false }
            case .popLayer: if stack.popLast() != 2 { return false }
            default: break
            }
        }
        return stack.isEmpty
    }

    /// Fill helpers.
    public mutating func fill(_ shape: Shape, _ color: Color) { append(.fill(shape, .color(color))) }
    /// Fills `shape` with `gradient`.
    public mutating func fill(_ shape: Shape, _ gradient: LinearGradient) { append(.fill(shape, .linearGradient(gradient))) }

    /// Wraps `body`'s commands in a transform push/pop, skipping identity transforms.
    public mutating func withTransform(_ t: AffineTransform, _ body: (inout DisplayList) -> Void) {
        if t.isIdentity { body(&self); return }
        append(.pushTransform(t)); body(&self); append(.popTransform)
    }
    /// Wraps `body`'s commands in a clip push/pop.
    public mutating func withClip(_ s: Shape, _ body: (inout DisplayList) -> Void) {
        append(.pushClip(s)); body(&self); append(.popClip)
    }
    /// Wraps `body`'s commands in a layer push/pop.
    public mutating func withLayer(_ e: LayerEffect, bounds: Rect, _ body: (inout DisplayList) -> Void) {
        append(.pushLayer(e, bounds: bounds)); body(&self); append(.popLayer)
    }
}
