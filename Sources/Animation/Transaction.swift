/// The context of a state change: the animation to use (none for an immediate change) and the
/// completion to call when the animations it starts have finished.
public struct Transaction: Sendable {
    public var animation: Animation?
    public var completion: AnimationCompletion?
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
