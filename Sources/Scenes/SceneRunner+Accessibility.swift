import Widgets

/// What a screen reader asks (through AT-SPI) is input like a person's: it counts as use (it
/// stops a kiosk's attract loop and holds its playlist entry), a click presses exactly as
/// Space does, and a button that opens a scene opens it.
extension SceneRunner {
    /// Does `action` to the node with `id`; false when the node is gone or cannot.
    @discardableResult
    package func perform(_ action: AccessibleAction, on id: Int) -> Bool {
        lastInputTime = max(lastInputTime, clock.now)
        if attractStart != nil {
            attractStart = nil
            log("screen reader: attract loop stopped")
        }
        let done = tree.perform(action, on: id)
        openPending()
        return done
    }
}
