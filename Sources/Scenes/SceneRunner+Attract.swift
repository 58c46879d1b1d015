import Input
import Widgets

/// The kiosk's attract mode: after `idleTimeout` seconds without input the scene is put back
/// at its start and plays its `attractLoop`; the first input stops it, and the touch (or
/// click) that stops it does nothing else, not even press the button under it.
extension SceneRunner {
    /// Whether the attract loop is playing.
    package var isAttracting: Bool { attractStart != nil }

    /// Seconds (on the clock) until the attract loop next needs time, for a host that sleeps
    /// while idle: until it starts if nothing happens, or, while it plays, until its next step;
    /// nil when nothing is due (not a kiosk, or a loop that only moves continuously or not at
    /// all: `attractMovesContinuously` covers the first).
    package var secondsToAttract: Double? {
        guard let timeout = idleTimeout, timeout > 0 else { return nil }
        guard attractStart != nil else { return max(lastInputTime + timeout - clock.now, 0) }
        return attractWake.map { max($0 - clock.now, 0) }
    }

    /// Whether the playing loop moves every frame (the gallery's auto-scroll); the others only
    /// need time at their steps, and an idle kiosk draws nothing between them.
    /// A playlist marks each entry's loop as started; with the attract loop off (`--idle 0`)
    /// nothing plays it, so nothing moves.
    var attractMovesContinuously: Bool {
        guard let timeout = idleTimeout, timeout > 0, attractStart != nil, case .autoScroll = scene.loopWhenIdle else { return false }
        return true
    }

    /// Called as time moves: starts the loop when the kiosk has been left alone long enough,
    /// and plays it.
    func updateAttract() {
        guard let timeout = idleTimeout, timeout > 0 else { return }
        if attractStart == nil {
            guard clock.now - lastInputTime >= timeout else { return }
            beginAttract()
        }
        guard let start = attractStart else { return }
        let t = clock.now - start
        switch scene.loopWhenIdle {
        case .none: attractWake = nil
        case .custom(let step): attractWake = clock.now + max(step(t), 0.001)
        case .autoScroll(let speed):
            guard let view = tree.mainScrollView, view.range.upperBound > 0 else { return }
            // Down and back up, at `speed`.
            let span = view.range.upperBound
            let d = (speed * t).truncatingRemainder(dividingBy: 2 * span)
            view.scroll(to: d <= span ? d : 2 * span - d)
        case .stepItems(let every):
            guard let view = tree.mainScrollView, let lazy = view.content as? LazyStack, lazy.count > 0 else { return }
            let step = Int(t / every)
            attractWake = start + Double(step + 1) * every
            guard step != attractStep else { return }
            attractStep = step
            let skip = scene.listedPhotoOffset ?? 0
            let items = max(lazy.count - skip, 1)
            view.scroll(to: lazy.offset(of: skip + step % items), animated: true)
        }
    }

    /// Puts the scene back at its start and begins its loop.
    func beginAttract() {
        log("idle for \(Int(idleTimeout ?? 0)) s: attract loop")
        try? rebuild(settings: currentSettings)
        attractStart = clock.now
        attractStep = -1
        attractWake = clock.now   // its first step: now
        tree.damageAll()
    }

    /// Notes input; returns whether the event is for the attract loop alone (it stops it, or
    /// belongs to the touch that did).
    func inputStopsAttract(_ event: InputEvent) -> Bool {
        // A still mouse reported where it is (a window appearing under it) is nobody.
        guard mouseMotion.isPresence(event) else { return false }
        lastInputTime = max(lastInputTime, event.time)
        if case .pointer(let p) = event, swallowedPointers.contains(p.id) {
            if p.phase == .up || p.phase == .cancel { swallowedPointers.remove(p.id) }
            return true
        }
        guard attractStart != nil else { return false }
        attractStart = nil
        log("input: attract loop stopped")
        if case .pointer(let p) = event, p.phase == .down { swallowedPointers.insert(p.id) }
        return true
    }
}
