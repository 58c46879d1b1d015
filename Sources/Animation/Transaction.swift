/// The context of a state change: the animation to use (none for an immediate change) and the
/// completion to call when the animations it starts have finished.
public struct Transaction: Sendable {
    /// How the changes animate; nil: they happen at once.
    public var animation: Animation?
    /// Called once every animation of the transaction has finished.
    public var completion: AnimationCompletion?
    /// A transaction with `animation` and `completion`.
    public init(animation: Animation? = nil, completion: AnimationCompletion? = nil) {
        self.animation = animation; self.completion = completion
    }

    /// The transaction of the code running now; nil outside `withAnimation`.
    @TaskLocal public static var current: Transaction?
}

/// Runs `body`, animating the changes of animatable node properties made inside it with
/// `animation` (nil: immediate). `completion` runs once when they have all finished.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result,
                                  completion: (() -> Void)? = nil) rethrows -> Result {
    let done = completion.map { AnimationCompletion($0) }
    defer { done?.seal() }
    return try Transaction.$current.withValue(Transaction(animation: animation, completion: done)) { try body() }
}
