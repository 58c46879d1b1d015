import Animation

/// Motion: the activity's motion stepped by the tree's clock, one frame at a time. Every
/// motion is a pure function of time (`ScrollMotion`), so the path is the same at any rate.
extension ScrollView {
    var now: Double { tree?.clock.now ?? 0 }

    /// The phase readouts show, from the activity (a fling past an edge is a spring).
    func updatePhase() {
        switch activity {
        case .idle: phase = .idle
        case .dragging: phase = .dragging
        case .wheeling(let w): phase = w.motion == nil ? .idle : .easing
        case .moving(let m):
            switch m.kind {
            case .momentum: phase = range.contains(offset) ? .momentum : .spring
            case .spring: phase = .spring
            case .ease: phase = .easing
            case .animation(_, _, _, let a): phase = a.isSimpleSpring ? .spring : .easing
            }
        }
    }

    /// Stops any motion where it is (a drag in progress goes on).
    func stop() {
        if case .dragging = activity {} else { activity = .idle }
        velocity = 0
    }

    /// Starts an activity; its motion, if any, is stepped every frame from now on.
    func start(_ next: ScrollActivity) {
        activity = next
        guard let m = next.motion else { return }
        guard let clock = tree?.clock, tickingEpoch != clock.epoch else {
            // Not in a tree: nothing to animate on, so go straight to where it would end.
            if tree == nil { setOffset(m.destination); activity = .idle }
            return
        }
        tickingEpoch = clock.epoch
        clock.add { [weak self] t in
            guard let self else { return false }
            return self.step(t)
        }
    }

    /// Steps the motion in progress again if the clock dropped its ticker (the scene changed
    /// under a list that outlives it, as the inspector's).
    func resumeMotion() {
        guard let clock = tree?.clock, activity.motion != nil, tickingEpoch != clock.epoch else { return }
        start(activity)
    }

    /// One frame of motion; returns whether to keep ticking.
    func step(_ t: Double) -> Bool {
        guard let m = activity.motion else { tickingEpoch = nil; return false }
        // A quarter of a device pixel, in points.
        let s = m.state(at: t, restTravel: ScrollPhysics.restTravel / max(tree?.pixelsPerPoint ?? 1, 1))
        velocity = s.velocity
        setOffset(s.position)
        updatePhase()
        guard s.finished else { return true }
        velocity = 0
        let finished = activity
        activity = .idle
        // A wheel burst or key ease that ends on a snapping list settles on an item.
        if case .wheeling(let w) = finished { settleAfterWheel(burstStart: w.burstStart) }
        if activity.motion == nil { tickingEpoch = nil; fadeIndicator() }
        return activity.motion != nil
    }
}
