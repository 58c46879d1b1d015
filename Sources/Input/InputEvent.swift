import Geometry

/// What kind of device a pointer is.
public enum PointerKind: String, Sendable, Hashable {
    /// A mouse or touchpad pointer.
    case mouse
    /// A finger on a touchscreen.
    case touch
    /// A pen or stylus.
    case pen

    /// How far a press may move before it becomes a drag, in points: a finger is less precise
    /// than a mouse (4 pt for a mouse, 18 pt for a finger).
    public var slop: Double { self == .mouse ? 4 : 18 }
}

/// A pointer going down, moving, coming up, or being cancelled.
public struct PointerEvent: Sendable, Equatable {
    /// Where in its press the pointer is: pressed, moved, let go, or taken away (the system cancelled the
    /// touch).
    public enum Phase: Sendable, Equatable {
        /// Pressed.
        case down
        /// Moved while pressed (or hovering, for a mouse).
        case move
        /// Let go.
        case up
        /// Taken away: the system cancelled the touch, or a gesture claimed it.
        case cancel
    }
    /// Unique while the pointer is down: 0 for the mouse, the finger id for touch.
    public var id: Int
    /// Which device the pointer is.
    public var kind: PointerKind
    /// Pressed, moved, let go or cancelled.
    public var phase: Phase
    /// Window points.
    public var location: Point
    /// Seconds on the tree's animation clock.
    public var time: Double
    /// Whether a mouse button is held (for moves: a drag, not a hover).
    public var isPressed: Bool

    /// An event of pointer `id` (0 for the mouse) at `location` (window points) at `time` (seconds on the
    /// tree's clock).
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
    /// Where the pointer is, in window points.
    public var location: Point
    /// Seconds on the tree's animation clock.
    public var time: Double
    /// A scroll of `delta` notches at `location` (window points) at `time` (seconds on the tree's clock).
    public init(delta: Point, isPrecise: Bool = false, location: Point, time: Double) {
        self.delta = delta; self.isPrecise = isPrecise; self.location = location; self.time = time
    }
}

/// A key, typed once at the platform edge (Platform maps SDL keycodes to it) so that widgets
/// and scenes never compare strings.
public enum Key: Sendable, Hashable {
    /// Tab.
    case tab
    /// The space bar.
    case space
    /// Return or Enter.
    case enter
    /// Escape.
    case escape
    /// Backspace.
    case backspace
    /// Delete (forward).
    case delete
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// A key that types a character: letters (lower case), digits and punctuation.
    case character(Character)
    /// A function key, F1…F24.
    case function(Int)

    /// The named keys with the names scripts and messages use (SDL's key names).
    public static let named: [(Key, String)] = [
        (.tab, "Tab"), (.space, "Space"), (.enter, "Return"), (.escape, "Escape"), (.backspace, "Backspace"),
        (.delete, "Delete"), (.up, "Up"), (.down, "Down"), (.left, "Left"), (.right, "Right"),
        (.pageUp, "PageUp"), (.pageDown, "PageDown"), (.home, "Home"), (.end, "End"),
    ]

    /// From a key name as SDL spells it or with spaces: "Up", "PageDown", "Page Down", "Return"
    /// (also "Enter"), "Space", "Tab", "F5", or one character ("m", "3", "Q" is "q"). Nil for a
    /// name Lumen does not know.
    public init?(name: String) {
        let folded = name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" }
        if let (key, _) = Key.named.first(where: { $0.1.lowercased() == folded }) { self = key; return }
        switch folded {
        case "enter", "keypadenter", "kpenter": self = .enter
        case "esc": self = .escape
        case "pgup": self = .pageUp
        case "pgdn": self = .pageDown
        default:
            if name.count == 1, let c = name.lowercased().first, c.isASCII, !c.isWhitespace {
                self = .character(c)
            } else if folded.hasPrefix("f"), let n = Int(folded.dropFirst()), (1...24).contains(n) {
                self = .function(n)
            } else {
                return nil
            }
        }
    }

    /// The key's name: SDL's spelling for named keys, the character itself, "F5".
    public var name: String {
        switch self {
        case .character(let c): String(c)
        case .function(let n): "F\(n)"
        default: Key.named.first { $0.0 == self }?.1 ?? "?"
        }
    }

    /// The digit 0…9 a key types, if it is one.
    public var digit: Int? {
        if case .character(let c) = self, let d = c.wholeNumberValue, c.isASCII { return d }
        return nil
    }
}

/// A key press.
public struct KeyEvent: Sendable, Equatable {
    /// The key.
    public var key: Key
    /// Whether Shift is held.
    public var shift: Bool
    /// Control and Alt held (a kiosk's exit chord is Ctrl+Alt+Q).
    public var control: Bool
    /// Whether Alt is held.
    public var alt: Bool
    /// Seconds on the tree's animation clock.
    public var time: Double
    /// A press of `key` with the modifiers held, at `time` (seconds on the tree's clock).
    public init(_ key: Key, shift: Bool = false, control: Bool = false, alt: Bool = false, time: Double) {
        self.key = key; self.shift = shift; self.control = control; self.alt = alt; self.time = time
    }
}

/// Text typed on the keyboard (with its layout, shift and dead keys applied), for text fields.
public struct TextEvent: Sendable, Equatable {
    /// The characters typed.
    public var string: String
    /// Seconds on the tree's animation clock.
    public var time: Double
    /// Text `string` typed at `time` (seconds on the tree's clock).
    public init(_ string: String, time: Double) { self.string = string; self.time = time }
}

/// Everything the tree can be told.
public enum InputEvent: Sendable, Equatable {
    /// A mouse, finger or pen.
    case pointer(PointerEvent)
    /// A wheel or trackpad scroll.
    case wheel(WheelEvent)
    /// A key press.
    case key(KeyEvent)
    /// Typed text.
    case text(TextEvent)

    /// When it happened, in seconds on the tree's clock.
    public var time: Double {
        switch self {
        case .pointer(let e): e.time
        case .wheel(let e): e.time
        case .key(let e): e.time
        case .text(let e): e.time
        }
    }
}
