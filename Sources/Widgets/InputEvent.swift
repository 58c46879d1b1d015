import Geometry

/// What kind of device a pointer is.
public enum PointerKind: String, Sendable, Hashable {
    case mouse, touch, pen

    /// How far a press may move before it becomes a drag, in points: a finger is less precise
    /// than a mouse (DESIGN §4).
    public var slop: Double { self == .mouse ? 4 : 18 }
}

/// A pointer going down, moving, coming up, or being cancelled.
public struct PointerEvent: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case down, move, up, cancel }
    /// Unique while the pointer is down: 0 for the mouse, the finger id for touch.
    public var id: Int
    public var kind: PointerKind
    public var phase: Phase
    /// Window points.
    public var location: Point
    /// Seconds on the tree's animation clock.
    public var time: Double
    /// Whether a mouse button is held (for moves: a drag, not a hover).
    public var isPressed: Bool

    public init(id: Int = 0, kind: PointerKind = .mouse, phase: Phase, location: Point, time: Double, isPressed: Bool = true) {
        self.id = id; self.kind = kind; self.phase = phase; self.location = location; self.time = time; self.isPressed = isPressed
    }
}

/// A mouse wheel or trackpad scroll at a window point.
public struct WheelEvent: Sendable, Equatable {
    /// Notches (wheel) or fractional notches (trackpad); positive y scrolls toward the top
    /// (content moves down), positive x toward the leading edge.
    public var delta: Point
    /// Trackpad deltas move the content directly; wheel notches ease.
    public var isPrecise: Bool
    public var location: Point
    public var time: Double
    public init(delta: Point, isPrecise: Bool = false, location: Point, time: Double) {
        self.delta = delta; self.isPrecise = isPrecise; self.location = location; self.time = time
    }
}

/// Keys Lumen acts on; others arrive as `.other(name)`.
public enum Key: Sendable, Hashable {
    case tab, space, enter, escape, up, down, left, right, pageUp, pageDown, home, end
    case other(String)

    /// From an SDL key name ("Up", "Page Down", "Return", "Space", "Tab", …).
    public init(name: String) {
        switch name.lowercased() {
        case "tab": self = .tab
        case "space": self = .space
        case "return", "enter", "keypad enter": self = .enter
        case "escape": self = .escape
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "pageup", "page up": self = .pageUp
        case "pagedown", "page down": self = .pageDown
        case "home": self = .home
        case "end": self = .end
        default: self = .other(name)
        }
    }
}

/// A key press.
public struct KeyEvent: Sendable, Equatable {
    public var key: Key
    public var shift: Bool
    public var time: Double
    public init(_ key: Key, shift: Bool = false, time: Double) { self.key = key; self.shift = shift; self.time = time }
}

/// Everything the tree can be told.
public enum InputEvent: Sendable, Equatable {
    case pointer(PointerEvent)
    case wheel(WheelEvent)
    case key(KeyEvent)
}
