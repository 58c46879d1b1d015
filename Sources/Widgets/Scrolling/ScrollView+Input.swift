import Animation
import Input

/// Input, called by the tree's router: drags (1:1, rubber-banded past the edges, a fling on
/// release), the wheel (eased notches, direct trackpad deltas) and keys.
extension ScrollView {
    /// A pointer went down over the view: a moving view stops where it is (a touch catches a
    /// fling). Returns whether it was moving (the press is then not a tap).
    @discardableResult
    func catchMotion() -> Bool {
        guard activity.motion != nil else { return false }
        let wasMoving = abs(velocity) > 20
        // Caught in an overscroll: let the spring finish unless a drag starts.
        if !range.contains(offset) { return wasMoving }
        stop()
        fadeIndicator()
        return wasMoving
    }

    /// Whether a pointer already drives this view.
    func isDragged(byOtherThan pointer: Int) -> Bool {
        if case .dragging(let d) = activity { return d.pointer != pointer }
        return false
    }

    /// A drag begins with the pointer at `position`, counting from `anchor` (where it crossed
    /// the slop; the content moves by what lies beyond).
    func dragBegan(pointer: Int, position: Double, anchor: Double? = nil, time: Double) {
        let start = ScrollPhysics.unRubberBanded(offset, range: range, dimension: viewportLength)
        var tracker = VelocityTracker()
        tracker.add(time: time, position: position)
        let from = anchor ?? position
        activity = .dragging(ScrollDrag(pointer: pointer, startOffset: start, startPosition: from, tracker: tracker))
        if from != position { setOffset(ScrollPhysics.rubberBanded(start - (position - from), range: range, dimension: viewportLength)) }
        showIndicator()
    }

    func dragMoved(pointer: Int, position: Double, time: Double) {
        guard case .dragging(var d) = activity, d.pointer == pointer else { return }
        d.tracker.add(time: time, position: position)
        activity = .dragging(d)
        let raw = d.startOffset - (position - d.startPosition)
        velocity = -d.tracker.velocity()
        setOffset(ScrollPhysics.rubberBanded(raw, range: range, dimension: viewportLength))
    }

    /// The pointer lifted at `position`: the content follows it there (the lift's own place,
    /// not the last move's, so a fling starts where the finger left at any frame rate), then
    /// flies with the tracked velocity.
    func dragEnded(pointer: Int, position: Double, time: Double) {
        guard case .dragging(var d) = activity, d.pointer == pointer else { return }
        d.tracker.add(time: time, position: position)
        setOffset(ScrollPhysics.rubberBanded(d.startOffset - (position - d.startPosition), range: range, dimension: viewportLength))
        release(d, time: time)
    }

    /// The drag was taken away (a second gesture, the window lost the pointer): the content
    /// stays where it is and flies with the velocity tracked so far.
    func dragCancelled(pointer: Int, time: Double) {
        guard case .dragging(let d) = activity, d.pointer == pointer else { return }
        release(d, time: time)
    }

    private func release(_ d: ScrollDrag, time: Double) {
        activity = .idle
        let v = -d.tracker.velocity()
        if snaps, range.contains(offset), let target = snapTarget(x: offset, v: v, startOffset: d.startOffset) {
            start(.moving(ScrollMotion(.spring(x0: offset, v0: v, target: target, response: 0.35), start: time)))
        } else {
            start(.moving(ScrollMotion.release(x0: offset, v0: v, range: range, at: time)))
        }
        if activity.motion == nil { activity = .idle; fadeIndicator() }
    }

    /// The wheel burst or key ease in progress, if any.
    private var wheeling: ScrollWheel? {
        if case .wheeling(let w) = activity { return w }
        return nil
    }

    /// A wheel or trackpad scroll. Returns whether the view could move that way.
    @discardableResult
    func wheel(_ e: WheelEvent) -> Bool {
        let notches = axis == .vertical ? e.delta.y : (e.delta.x != 0 ? e.delta.x : e.delta.y)
        guard notches != 0, range.upperBound > 0 else { return false }
        let delta = -notches * ScrollPhysics.wheelNotch
        if e.isPrecise {
            let burstStart = wheeling.map { $0.burstStart ?? offset } ?? offset
            stop()
            setOffset(min(max(offset + delta, range.lowerBound), range.upperBound))
            if snaps {
                activity = .wheeling(ScrollWheel(motion: nil, target: offset, burstStart: burstStart, lastEventTime: e.time))
                scheduleWheelSettle()
            }
            fadeIndicator()
            return true
        }
        // Notches accumulate onto the running target; each retargets a fresh short ease.
        let running = wheeling
        let target = min(max((running?.target ?? offset) + delta, range.lowerBound), range.upperBound)
        let ease = ScrollMotion(.ease(from: offset, to: target, duration: ScrollPhysics.wheelEase, curve: .easeOut), start: e.time)
        start(.wheeling(ScrollWheel(motion: ease, target: target, burstStart: running == nil ? offset : running?.burstStart,
                                    lastEventTime: e.time)))
        return true
    }

    /// A trackpad burst on a snapping list settles 0.15 s after its last event.
    private func scheduleWheelSettle() {
        guard let clock = tree?.clock, let w = wheeling else { return }
        clock.schedule(at: w.lastEventTime + 0.15) { [weak self] in
            guard let self, let w = self.wheeling, w.motion == nil, w.lastEventTime + 0.15 <= clock.now + 1e-9 else { return }
            self.activity = .idle
            self.settleAfterWheel(burstStart: w.burstStart)
        }
    }

    /// Keyboard scrolling. Returns whether the key was used.
    func key(_ e: KeyEvent) -> Bool {
        let page = max(viewportLength - ScrollPhysics.pageOverlap, ScrollPhysics.lineStep)
        let forward: Key = axis == .vertical ? .down : .right, backward: Key = axis == .vertical ? .up : .left
        let running = wheeling
        var target: Double
        switch e.key {
        case forward: target = (running?.target ?? offset) + ScrollPhysics.lineStep
        case backward: target = (running?.target ?? offset) - ScrollPhysics.lineStep
        case .pageDown: target = offset + page
        case .pageUp: target = offset - page
        case .space: target = offset + (e.shift ? -page : page)
        case .home: target = range.lowerBound
        case .end: target = range.upperBound
        default: return false
        }
        target = min(max(target, range.lowerBound), range.upperBound)
        // A snapping list moves at least to the next item or page the way the key points.
        if snaps, let snapped = directionalSnap(from: offset, to: target) ?? snapTarget(x: target, v: 0) { target = snapped }
        let duration = e.key == forward || e.key == backward ? ScrollPhysics.wheelEase : 0.3
        let ease = ScrollMotion(.ease(from: offset, to: target, duration: duration, curve: .easeOut), start: now)
        start(.wheeling(ScrollWheel(motion: ease, target: target, burstStart: running?.burstStart, lastEventTime: now)))
        return true
    }
}
