import Animation
import Geometry
import Render

/// A viewport onto content longer than itself along one axis, moved by drags (1:1 with
/// rubber-banding past the edges), flings (momentum that bounces off the edges), the mouse
/// wheel (eased notches, direct trackpad deltas) and keys (arrows, Page Up/Down, Space,
/// Home/End), with indicators and optional view-aligned snapping (DESIGN §5).
///
/// Content that is a `LazyStack` is told what is visible, so only that is realized.
public final class ScrollView: Node {
    /// What the view is doing, for readouts and traces.
    public enum Phase: String, Sendable { case idle, dragging, momentum, spring, easing }

    public let axis: Axis
    public let content: Node
    /// Snap so that an item's leading edge comes to rest at the viewport's leading edge.
    public var snapsToItems = false
    public var showsIndicators = true

    /// The presented scroll offset in points (0 = content's leading edge at the viewport's).
    public private(set) var offset = 0.0
    /// The offset's velocity in points per second.
    public private(set) var velocity = 0.0
    /// What moves the view now; a change is reported to `onScroll` like a move, so a readout
    /// never shows a stale phase.
    public private(set) var phase = Phase.idle { didSet { if phase != oldValue { onScroll?(self) } } }
    /// Called after every change of the offset.
    public var onScroll: ((ScrollView) -> Void)?

    private var motion: ScrollMotion?
    private var ticking = false
    private var drag: (pointer: Int, startOffset: Double, startPosition: Double, tracker: VelocityTracker)?
    private var wheelTarget: Double?
    private var lastWheelTime = -Double.infinity
    private let indicator = ShapeNode(.roundedRect(radius: 2.5, style: .circular), fill: .color(Color.black.opacity(0.35)))
    private var indicatorTimer: Int?
    private var viewport = Size.zero

    public init(axis: Axis = .vertical, _ content: Node) {
        self.axis = axis
        self.content = content
        super.init(children: [content])
        clip = .rect
        hitTestBehavior = .opaque
        indicator.opacity = 0
        indicator.hitTestBehavior = .none
        indicator.semantics.hidden = true
        addChild(indicator)
    }

    // MARK: - Geometry

    /// Viewport length along the axis.
    public var viewportLength: Double { viewport.value(axis) }
    /// Content length along the axis.
    public var contentLength: Double {
        if let lazy = content as? LazyStack { return lazy.totalLength }
        return content.frame.size.value(axis)
    }
    /// Offsets that show content without empty space.
    public var range: ClosedRange<Double> { 0...max(contentLength - viewportLength, 0) }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        // Greedy along its axis, as SwiftUI's ScrollView; across, as large as its content.
        let c = content.sizeThatFits(.along(axis, nil, cross: proposal.value(axis.cross)))
        let main = proposal.value(axis).flatMap { $0.isFinite ? $0 : nil } ?? c.value(axis)
        let cross = proposal.value(axis.cross).flatMap { $0.isFinite ? $0 : nil } ?? c.value(axis.cross)
        return Size.along(axis, main, cross: cross)
    }

    public override func placeChildren(in size: Size) {
        viewport = size
        placeContent()
        if phase == .idle, !range.contains(offset) { setOffset(min(max(offset, range.lowerBound), range.upperBound)) }
    }

    private func placeContent() {
        let cross = viewport.value(axis.cross)
        let natural = content.sizeThatFits(.along(axis, nil, cross: cross))
        let size = Size.along(axis, natural.value(axis), cross: cross)
        content.place(at: axis == .vertical ? Point(x: 0, y: -offset) : Point(x: -offset, y: 0), size: size)
        if let lazy = content as? LazyStack {
            let shift = lazy.show(offset...(offset + viewportLength))
            if shift != 0 && phase != .dragging {
                // Items above the viewport turned out longer or shorter than estimated: move by
                // as much, so what is on screen stays put.
                offset += shift
                content.place(at: axis == .vertical ? Point(x: 0, y: -offset) : Point(x: -offset, y: 0),
                              size: Size.along(axis, lazy.totalLength, cross: cross))
            }
        }
        placeIndicator()
    }

    private func placeIndicator() {
        let total = contentLength, view = viewportLength
        guard showsIndicators, total > view + 0.5, view > 0 else { indicator.isHidden = true; return }
        indicator.isHidden = false
        let inset = 3.0, thickness = 5.0
        let track = view - 2 * inset
        // Shorter when overscrolled, as on iOS.
        let over = offset < range.lowerBound ? range.lowerBound - offset : (offset > range.upperBound ? offset - range.upperBound : 0)
        let length = max(track * view / total - over, 24)
        let travel = track - length
        let f = range.upperBound > 0 ? min(max(offset / range.upperBound, 0), 1) : 0
        let pos = inset + travel * f
        let cross = viewport.value(axis.cross)
        if axis == .vertical {
            indicator.place(at: Point(x: cross - thickness - inset, y: pos), size: Size(width: thickness, height: length))
        } else {
            indicator.place(at: Point(x: pos, y: cross - thickness - inset), size: Size(width: length, height: thickness))
        }
    }

    // MARK: - Offset

    /// Whether the offset is being set by a jump (`scroll(to:animated: false)`): effects that
    /// animate on scroll changes take their new state at once.
    public private(set) var isJumping = false

    /// Moves to `target` (clamped into range) at once or with the key-scroll ease.
    public func scroll(to target: Double, animated: Bool = false) {
        let t = min(max(target, range.lowerBound), range.upperBound)
        if animated { startEase(to: t, duration: 0.3); return }
        stop()
        isJumping = true
        setOffset(t)
        isJumping = false
    }

    /// Brings `rect` (in the content's space) into view, with a margin.
    public func scrollToVisible(_ rect: Rect, animated: Bool = true) {
        let lo = axis == .vertical ? rect.minY : rect.minX, hi = axis == .vertical ? rect.maxY : rect.maxX
        let m = 16.0
        if lo - m < offset { scroll(to: lo - m, animated: animated) } else if hi + m > offset + viewportLength {
            scroll(to: hi + m - viewportLength, animated: animated)
        }
    }

    private func setOffset(_ value: Double) {
        guard value != offset || content.frame == .zero else { return }
        offset = value
        placeContent()
        showIndicator()
        notifyGeometry()
        onScroll?(self)
    }

    // MARK: - Motion

    private var now: Double { tree?.clock.now ?? 0 }

    private func stop() {
        motion = nil
        wheelTarget = nil
        velocity = 0
        if drag == nil { phase = .idle }
    }

    private func start(_ m: ScrollMotion, phase p: Phase) {
        motion = m
        phase = p
        guard !ticking, let clock = tree?.clock else {
            if tree == nil { setOffset(m.destination); motion = nil; phase = .idle }
            return
        }
        ticking = true
        clock.add { [weak self] t in
            guard let self else { return false }
            return self.step(t)
        }
    }

    /// One frame of motion; returns whether to keep ticking.
    private func step(_ t: Double) -> Bool {
        guard let m = motion else { ticking = false; return false }
        let s = m.state(at: t)
        velocity = s.velocity
        if case .momentum = m.kind { phase = s.position < range.lowerBound || s.position > range.upperBound ? .spring : .momentum }
        setOffset(s.position)
        guard s.finished else { return true }
        motion = nil
        velocity = 0
        phase = .idle
        if case .ease = m.kind, wheelTarget != nil { wheelTarget = nil; settleAfterWheel() }
        if motion == nil { ticking = false; fadeIndicator() }
        return motion != nil
    }

    private func startEase(to target: Double, duration: Double) {
        start(ScrollMotion(.ease(from: offset, to: target, duration: duration, curve: .easeOut), start: now), phase: .easing)
    }

    /// After a wheel burst, a snapping list settles on the item edge nearest to where it is,
    /// among those past where the burst began in its direction: a single notch moves to the
    /// next item instead of springing back.
    private func settleAfterWheel() {
        defer { burstStart = nil }
        guard snapsToItems else { return }
        let target = directionalSnap(from: burstStart ?? offset, to: offset) ?? snapTarget(x: offset, v: 0)
        guard let target, abs(target - offset) > 0.25 else { return }
        start(ScrollMotion(.spring(x0: offset, v0: 0, target: target, response: 0.3), start: now), phase: .spring)
    }
    /// Where the current wheel burst began.
    private var burstStart: Double?

    /// The snap position nearest to `to` among those beyond `from` in the direction from → to.
    private func directionalSnap(from: Double, to: Double) -> Double? {
        let direction = to - from
        guard abs(direction) > 0.5 else { return nil }
        let candidates = snapPositions().filter { ($0 - from) * direction > 0.5 }
        return candidates.min { abs($0 - to) < abs($1 - to) }
    }

    private func snapPositions() -> [Double] {
        let edges: [Double]
        if let lazy = content as? LazyStack { edges = lazy.itemOffsets }
        else if let stack = content as? Stack { edges = stack.children.map { axis == .vertical ? $0.frame.minY : $0.frame.minX } }
        else { edges = [] }
        let r = range
        var positions = edges.map { min(max($0, r.lowerBound), r.upperBound) }
        positions.append(r.upperBound)
        return Array(Set(positions)).sorted()
    }

    private func snapTarget(x: Double, v: Double) -> Double? {
        ScrollPhysics.snapTarget(x: x, v: v, positions: snapPositions())
    }

    // MARK: - Input (called by the tree's router)

    /// A pointer went down over the view: a moving view stops where it is (a touch catches a
    /// fling). Returns whether it was moving (the press is then not a tap).
    @discardableResult
    func catchMotion() -> Bool {
        guard motion != nil else { return false }
        let wasMoving = abs(velocity) > 20
        // Caught in an overscroll: let the spring finish unless a drag starts.
        if !range.contains(offset) { return wasMoving }
        stop()
        fadeIndicator()
        return wasMoving
    }

    /// Whether a pointer already drives this view.
    func isDragged(byOtherThan pointer: Int) -> Bool { drag.map { $0.pointer != pointer } ?? false }

    func dragBegan(pointer: Int, position: Double, time: Double) {
        motion = nil
        wheelTarget = nil
        let start = ScrollPhysics.unRubberBanded(offset, range: range, dimension: viewportLength)
        var tracker = VelocityTracker()
        tracker.add(time: time, position: position)
        drag = (pointer, start, position, tracker)
        phase = .dragging
        showIndicator()
    }

    func dragMoved(pointer: Int, position: Double, time: Double) {
        guard var d = drag, d.pointer == pointer else { return }
        d.tracker.add(time: time, position: position)
        drag = d
        let raw = d.startOffset - (position - d.startPosition)
        velocity = -d.tracker.velocity()
        setOffset(ScrollPhysics.rubberBanded(raw, range: range, dimension: viewportLength))
    }

    func dragEnded(pointer: Int, position: Double, time: Double) {
        guard var d = drag, d.pointer == pointer else { return }
        d.tracker.add(time: time, position: position)
        drag = nil
        let v = -d.tracker.velocity()
        if snapsToItems, range.contains(offset), let target = snapTarget(x: offset, v: v) {
            start(ScrollMotion(.spring(x0: offset, v0: v, target: target, response: 0.35), start: time), phase: .spring)
        } else {
            let m = ScrollMotion.release(x0: offset, v0: v, range: range, at: time)
            start(m, phase: range.contains(offset) ? .momentum : .spring)
        }
        if motion == nil { phase = .idle; fadeIndicator() }
    }

    func dragCancelled(pointer: Int, time: Double) {
        guard let d = drag, d.pointer == pointer else { return }
        dragEnded(pointer: pointer, position: d.startPosition, time: time)
    }

    /// A wheel or trackpad scroll. Returns whether the view could move that way.
    @discardableResult
    func wheel(_ e: WheelEvent) -> Bool {
        let notches = axis == .vertical ? e.delta.y : (e.delta.x != 0 ? e.delta.x : e.delta.y)
        guard notches != 0, range.upperBound > 0 else { return false }
        let delta = -notches * ScrollPhysics.wheelNotch
        if e.isPrecise {
            if burstStart == nil { burstStart = offset }
            stop()
            setOffset(min(max(offset + delta, range.lowerBound), range.upperBound))
            if snapsToItems { wheelTarget = offset; lastWheelTime = e.time; scheduleWheelSettle() }
            fadeIndicator()
            return true
        }
        // Notches accumulate onto the running target; each retargets a fresh short ease.
        if wheelTarget == nil && burstStart == nil { burstStart = offset }
        let base = wheelTarget ?? offset
        let target = min(max(base + delta, range.lowerBound), range.upperBound)
        wheelTarget = target
        lastWheelTime = e.time
        start(ScrollMotion(.ease(from: offset, to: target, duration: ScrollPhysics.wheelEase, curve: .easeOut), start: e.time), phase: .easing)
        return true
    }

    private func scheduleWheelSettle() {
        guard let clock = tree?.clock else { return }
        let at = lastWheelTime + 0.15
        clock.schedule(at: at) { [weak self] in
            guard let self, self.lastWheelTime + 0.15 <= clock.now + 1e-9, self.drag == nil, self.motion == nil else { return }
            self.wheelTarget = nil
            self.settleAfterWheel()
        }
    }

    /// Keyboard scrolling. Returns whether the key was used.
    func key(_ e: KeyEvent) -> Bool {
        let page = max(viewportLength - ScrollPhysics.pageOverlap, ScrollPhysics.lineStep)
        let forward: Key = axis == .vertical ? .down : .right, backward: Key = axis == .vertical ? .up : .left
        var target: Double
        switch e.key {
        case forward: target = (wheelTarget ?? offset) + ScrollPhysics.lineStep
        case backward: target = (wheelTarget ?? offset) - ScrollPhysics.lineStep
        case .pageDown: target = offset + page
        case .pageUp: target = offset - page
        case .space: target = offset + (e.shift ? -page : page)
        case .home: target = range.lowerBound
        case .end: target = range.upperBound
        default: return false
        }
        target = min(max(target, range.lowerBound), range.upperBound)
        // A snapping list moves at least to the next item the way the key points.
        if snapsToItems, let snapped = directionalSnap(from: offset, to: target) ?? snapTarget(x: target, v: 0) { target = snapped }
        wheelTarget = target
        startEase(to: target, duration: e.key == forward || e.key == backward ? ScrollPhysics.wheelEase : 0.3)
        return true
    }

    // MARK: - Indicators

    private func showIndicator() {
        guard showsIndicators, !indicator.isHidden else { return }
        if let id = indicatorTimer { tree?.clock.cancel(id); indicatorTimer = nil }
        if indicator.opacity < 1 { withAnimation(.easeOut(duration: 0.12)) { indicator.opacity = 1 } }
    }

    /// Fades the indicator out 0.6 s after the view comes to rest.
    private func fadeIndicator() {
        guard let clock = tree?.clock else { return }
        if let id = indicatorTimer { clock.cancel(id) }
        indicatorTimer = clock.schedule(at: clock.now + 0.6) { [weak self] in
            guard let self, self.phase == .idle else { return }
            self.indicatorTimer = nil
            withAnimation(.easeOut(duration: 0.3)) { self.indicator.opacity = 0 }
        }
    }

    // MARK: - Geometry for effects

    /// Tells every descendant that asked (`onScrollGeometryChange`) its new frame in this
    /// view's viewport.
    func notifyGeometry() {
        func visit(_ n: Node) {
            if let observer = n.onScrollGeometryChange, let f = n.frameInScrollView { observer(f) }
            for c in n.children where !(c is ScrollView) { visit(c) }
        }
        visit(content)
    }
}
