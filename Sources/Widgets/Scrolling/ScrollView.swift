import Animation
import Geometry
import Render

/// A viewport onto content longer than itself along one axis, moved by drags (1:1 with
/// rubber-banding past the edges), flings (momentum that bounces off the edges), the mouse
/// wheel (eased notches, direct trackpad deltas) and keys (arrows, Page Up/Down, Space,
/// Home/End), with indicators and optional view-aligned snapping (DESIGN §5).
///
/// It talks to its content through `ScrollContent` (a `LazyStack` is told what is visible, so
/// only that is realized), and keeps what moves it in one `ScrollActivity`. Motion, input and
/// snapping live in the extensions beside this file.
public final class ScrollView: Node {
    /// What the view is doing, for readouts and traces.
    public enum Phase: String, Sendable {
        /// At rest, following a finger, coasting after a fling, springing back or to a snap
        /// point, or easing to an offset (a wheel notch, a key).
        case idle, dragging, momentum, spring, easing
    }

    /// Across or down.
    public let axis: Axis
    /// What scrolls.
    public let content: Node
    /// Snap so that an item's leading edge comes to rest at the viewport's leading edge.
    public var snapsToItems = false
    /// Whether the scroll indicator shows while it moves.
    public var showsIndicators = true
    /// Content shorter than the viewport sits in its middle instead of at its start (a row of
    /// controls that scrolls only when the window is too narrow for it).
    public var centersContent = false { didSet { if centersContent != oldValue { setNeedsLayout() } } }

    /// The presented scroll offset in points (0 = content's leading edge at the viewport's).
    public private(set) var offset = 0.0
    /// The offset's velocity in points per second.
    public internal(set) var velocity = 0.0
    /// What moves the view now; a change is reported to `onScroll` like a move, so a readout
    /// never shows a stale phase.
    public internal(set) var phase = Phase.idle { didSet { if phase != oldValue { onScroll?(self) } } }
    /// Called after every change of the offset or the phase.
    public var onScroll: ((ScrollView) -> Void)?
    /// Whether the offset is being set by a jump (`scroll(to:animated: false)`): effects that
    /// animate on scroll changes take their new state at once.
    public internal(set) var isJumping = false

    /// What moves the view now; the phase follows it.
    var activity = ScrollActivity.idle { didSet { updatePhase() } }
    /// The clock epoch of the ticker stepping the motion (nil: none; an older epoch: the
    /// clock dropped it when the scene changed, as it does for a list in the app's inspector).
    var tickingEpoch: Int?
    /// The content's scrolling side, when it has one (stacks); else it is measured by its frame.
    private let source: (any ScrollContent)?
    let indicator = ShapeNode(.roundedRect(radius: 2.5, style: .circular), fill: .color(Color.black.opacity(0.35)))
    var indicatorTimer: Int?
    private var viewport = Size.zero

    /// A view scrolling `content` along `axis`.
    public init(axis: Axis = .vertical, _ content: Node) {
        self.axis = axis
        self.content = content
        source = content as? any ScrollContent
        super.init(children: [content])
        clip = .rect
        hitTestBehavior = .opaque
        indicator.opacity = 0
        indicator.hitTestBehavior = .none
        indicator.semantics.hidden = true
        addChild(indicator)
        semantics.container = .scrollPane
    }

    // MARK: - Geometry

    /// Viewport length along the axis.
    public var viewportLength: Double { viewport.value(axis) }
    /// Content length along the axis.
    public var contentLength: Double { source?.scrollLength(along: axis) ?? content.frame.size.value(axis) }
    /// The items' leading edges along the axis (none for content without items).
    var itemEdges: [Double] { source?.itemEdges(along: axis) ?? [] }
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
        // Content shorter than the viewport: at the start, or centred when asked.
        let inset = centersContent ? max((viewportLength - natural.value(axis)) / 2, 0).rounded() : 0
        content.place(at: axis == .vertical ? Point(x: 0, y: inset - offset) : Point(x: inset - offset, y: 0), size: size)
        if let source {
            let shift = source.show(offset...(offset + viewportLength))
            if shift != 0 && phase != .dragging {
                // Items above the viewport turned out longer or shorter than estimated: move by
                // as much, so what is on screen stays put.
                offset += shift
                content.place(at: axis == .vertical ? Point(x: 0, y: -offset) : Point(x: -offset, y: 0),
                              size: Size.along(axis, source.scrollLength(along: axis), cross: cross))
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

    /// Moves to `target` (clamped into range) at once or with the key-scroll ease.
    public func scroll(to target: Double, animated: Bool = false) {
        let t = min(max(target, range.lowerBound), range.upperBound)
        if animated { start(.moving(ScrollMotion(.ease(from: offset, to: t, duration: 0.3, curve: .easeOut), start: now))); return }
        stop()
        isJumping = true
        setOffset(t)
        isJumping = false
    }

    /// Brings `node`, somewhere in the content, into view (with a margin).
    public func scrollToVisible(_ node: Node, animated: Bool = true) {
        let inContent = node.transformToWindow.concatenating(content.transformToWindow.inverted() ?? .identity).apply(node.bounds)
        scrollToVisible(inContent, animated: animated)
    }

    /// Brings `rect` (in the content's space) into view, with a margin.
    public func scrollToVisible(_ rect: Rect, animated: Bool = true) {
        let lo = axis == .vertical ? rect.minY : rect.minX, hi = axis == .vertical ? rect.maxY : rect.maxX
        let m = 16.0
        if lo - m < offset { scroll(to: lo - m, animated: animated) } else if hi + m > offset + viewportLength {
            scroll(to: hi + m - viewportLength, animated: animated)
        }
    }

    func setOffset(_ value: Double) {
        guard value != offset || content.frame == .zero else { return }
        offset = value
        placeContent()
        showIndicator()
        notifyGeometry()
        onScroll?(self)
    }

    // MARK: - Indicators

    func showIndicator() {
        guard showsIndicators, !indicator.isHidden else { return }
        if let id = indicatorTimer { tree?.clock.cancel(id); indicatorTimer = nil }
        if indicator.opacity < 1 { withAnimation(.easeOut(duration: 0.12)) { indicator.opacity = 1 } }
    }

    /// Fades the indicator out 0.6 s after the view comes to rest.
    func fadeIndicator() {
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
