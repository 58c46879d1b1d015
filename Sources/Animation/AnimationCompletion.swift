/// Calls its action once, when every animation attached to it has logically finished
/// (or been interrupted by an immediate change). A transaction's completion is one of these.
public final class AnimationCompletion: @unchecked Sendable {
    private var pending = 0
    private var action: (() -> Void)?
    private var sealed = false

    /// A completion that calls `action` once, when its animations have finished.
    public init(_ action: @escaping () -> Void) { self.action = action }

    /// One more animation to wait for.
    func retain() { pending += 1 }

    /// One animation finished.
    func release() {
        pending -= 1
        fireIfDone()
    }

    /// No more animations will be attached (the transaction's body has ended).
    func seal() {
        sealed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard sealed, pending <= 0, let a = action else { return }
        action = nil
        a()
    }

    /// Whether the action has run.
    public var hasFired: Bool { action == nil }
}
