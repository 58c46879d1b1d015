import Animation

/// One animated property of a node: its motion, and whether its ticker is running.
final class PropertyAnimation<Value: Animatable> {
    let motion: AnimatedValue<Value>
    var ticking = false
    init(_ value: Value) { motion = AnimatedValue(value) }
}

extension Node {
    /// Called by an animatable property's `didSet` after its value changed from `old` to
    /// `new`. Inside `withAnimation` (or with an implicit animation for `name`) the change is
    /// taken over: the property is set back to what is presented now and moves to `new` with
    /// the clock; `apply` writes presented values into the property. Returns whether the
    /// change was taken over (the caller then does nothing more).
    ///
    /// Inside a transaction its animation is used (nil: the implicit one, if any); outside,
    /// the implicit animation; otherwise the change is immediate and stops any running motion.
    public func animateChange<Value: Animatable>(_ name: String, from old: Value, to new: Value,
                                                 apply: @escaping (Node, Value) -> Void) -> Bool {
        guard !isApplyingAnimation else { return false }
        let transaction = Transaction.current
        let animation = transaction?.animation ?? implicitAnimations[name]
        let existing = animations[name] as? PropertyAnimation<Value>
        guard let clock = tree?.clock, let animation else {
            if let e = existing {
                e.motion.set(new, animation: nil, at: tree?.clock.now ?? 0)
                animations[name] = nil
            }
            return false
        }
        let property = existing ?? PropertyAnimation(old)
        animations[name] = property
        property.motion.set(new, animation: animation, at: clock.now, completion: transaction?.completion)
        present(property.motion.value(at: clock.now), apply)
        if !property.ticking {
            property.ticking = true
            clock.add { [weak self, weak property] t in
                guard let self, let property else { return false }
                let running = property.motion.step(to: t)
                self.present(running ? property.motion.value(at: t) : property.motion.target, apply)
                if !running {
                    property.ticking = false
                    if self.animations[name] === property { self.animations[name] = nil }
                }
                return running
            }
        }
        return true
    }

    /// The value a property is heading to (its model value) while it animates.
    public func animationTarget<Value: Animatable>(_ name: String, as: Value.Type = Value.self) -> Value? {
        (animations[name] as? PropertyAnimation<Value>)?.motion.target
    }

    /// Whether a property of this node is animating.
    public func isAnimating(_ name: String) -> Bool { animations[name] != nil }

    private func present<Value>(_ value: Value, _ apply: (Node, Value) -> Void) {
        isApplyingAnimation = true
        apply(self, value)
        isApplyingAnimation = false
    }
}
