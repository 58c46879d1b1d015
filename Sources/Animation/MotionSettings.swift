/// App-wide motion preferences. Components ask `reduceMotion` and decide for themselves
/// what it means for them (the components say, effect by effect); this module does not guess.
/// Observers hear about live changes (a key press, the desktop setting).
public final class MotionSettings {
    /// Whether motion is reduced; setting it tells the observers when it changes.
    public var reduceMotion: Bool {
        didSet { if reduceMotion != oldValue { for o in observers { o(reduceMotion) } } }
    }
    private var observers: [(Bool) -> Void] = []

    /// Settings with Reduce Motion off unless told.
    public init(reduceMotion: Bool = false) { self.reduceMotion = reduceMotion }

    /// Calls `observer` with the new setting each time it changes.
    public func observe(_ observer: @escaping (Bool) -> Void) { observers.append(observer) }
}
