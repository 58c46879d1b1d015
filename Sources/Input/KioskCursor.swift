/// When a kiosk shows its mouse cursor: never for touch; when a real mouse moves, for
/// `hideAfter` seconds after it last moved (or pressed). A pure function of the events it is
/// told and the time asked about (seconds on any one clock).
package struct KioskCursor: Sendable, Equatable {
    /// Seconds a still mouse keeps its cursor.
    public var hideAfter: Double
    /// When a real mouse last moved or pressed (nil: never).
    public private(set) var lastMouse: Double?
    private var motion = MouseMotionFilter()

    /// A cursor hidden `hideAfter` seconds after the mouse stopped.
    public init(hideAfter: Double = 3) { self.hideAfter = hideAfter }

    /// Notes an input event: a mouse pointer (not a finger, not a pen) shows the cursor, unless
    /// it is the window system telling where a still mouse is (`MouseMotionFilter`).
    public mutating func note(_ event: InputEvent) {
        if case .pointer(let p) = event, p.kind == .mouse, motion.isPresence(event) { lastMouse = p.time }
    }

    /// Whether the cursor shows at `time`.
    public func isVisible(at time: Double) -> Bool {
        guard let last = lastMouse else { return false }
        return time < last + hideAfter
    }

    /// When the cursor next changes by itself (it hides), if it shows at `time`.
    public func nextChange(after time: Double) -> Double? {
        guard let last = lastMouse, time < last + hideAfter else { return nil }
        return last + hideAfter
    }
}

extension KeyEvent {
    /// Ctrl+Alt+Q, the one key a kiosk answers: it quits.
    public var isKioskExitChord: Bool { control && alt && (key == .character("q") || key == .character("Q")) }
}
