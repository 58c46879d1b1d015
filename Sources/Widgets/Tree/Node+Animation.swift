import Animation

/// One animated property of a node: its motion, and the clock epoch its ticker runs in (nil:
/// none runs; an older epoch: the clock dropped it).
final class PropertyAnimation<Value: Animatable> {
    let motion: AnimatedValue<Value>
    var tickingEpoch: Int?
    init(_ value: Value) { motion = AnimatedValue(value) }
}

/// Nodes animate their properties by key path: `animateChange(\.saturation, from: oldValue)`
/// in a property's `didSet`, typed, with no names to keep in step and no downcasts. A
/// property's key is rooted at the type that declares it (`\Node.opacity`,
/// `\ImageNode.saturation`): use that in `implicitAnimations`, `animationTarget` and `isAnimating`.
public protocol KeyPathAnimating: AnyObject {}

extension Node: KeyPathAnimating {}

extension KeyPathAnimating where Self: Node {
    /// Called by an animatable property's `didSet` after its value changed from `old`.
    /// Inside `withAnimation` (or with an implicit animation for the property) the change is
    /// taken over: the property is set back to what is presented now and moves to its new
    /// value with the clock. Returns whether the change was taken over (the caller then does
    /// nothing more).
    ///
    /// Inside a transaction its animation is used (nil: the implicit one, if any); outside,
    /// the implicit animation; otherwise the change is immediate and stops any running motion.
    public func animateChange<Value: Animatable>(_ property: ReferenceWritableKeyPath<Self, Value>, from old: Value) -> Bool {
        guard !isApplyingAnimation else { return false }
        let new = self[keyPath: property]
        let transaction = Transaction.current
        let animation = transaction?.animation ?? implicitAnimations[property]
        let existing = animations[property] as? PropertyAnimation<Value>
        guard let clock = tree?.clock, let animation else {
            if let e = existing {
                e.motion.set(new, animation: nil, at: tree?.clock.now ?? 0)
                animations[property] = nil
            }
            return false
        }
        let running = existing ?? PropertyAnimation(old)
        animations[property] = running
        running.motion.set(new, animation: animation, at: clock.now, completion: transaction?.completion)
        present(running.motion.value(at: clock.now), at: property)
        if running.tickingEpoch != clock.epoch {
            running.tickingEpoch = clock.epoch
            clock.add { [weak self, weak running] t in
                guard let self, let running else { return false }
                let moving = running.motion.step(to: t)
                self.present(moving ? running.motion.value(at: t) : running.motion.target, at: property)
                if !moving {
                    running.tickingEpoch = nil
                    if self.animations[property] === running { self.animations[property] = nil }
                }
                return moving
            }
        }
        return true
    }

    private func present<Value>(_ value: Value, at property: ReferenceWritableKeyPath<Self, Value>) {
        isApplyingAnimation = true
        self[keyPath: property] = value
        isApplyingAnimation = false
    }
}

extension Node {
    /// The value a property is heading to (its model value) while it animates. Name the
    /// property with the type that declares it: `\Node.opacity`, `\ImageNode.saturation`.
    public func animationTarget<Root: Node, Value: Animatable>(_ property: KeyPath<Root, Value>) -> Value? {
        (animations[property] as? PropertyAnimation<Value>)?.motion.target
    }

    /// Whether a property of this node is animating (named as for `animationTarget`).
    public func isAnimating<Root: Node, Value>(_ property: KeyPath<Root, Value>) -> Bool { animations[property] != nil }
}
