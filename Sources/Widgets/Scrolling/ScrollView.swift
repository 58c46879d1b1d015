import Animation
import Geometry
import Render

/// A viewport onto content longer than itself along one axis, moved by drags (1:1 with
/// rubber-banding past the edges), flings (momentum that bounces off the edges), the mouse
/// wheel (eased notches, direct trackpad deltas), keys (arrows, Page Up/Down, Space,
/// Home/End) and the app (`scrollTo(item:anchor:animation:)`, any `Animation`), with
/// indicators, content margins, and items or pages to come to rest on (`targetBehavior`).
///
/// It talks to its content through `ScrollContent` (a `LazyStack` is told what is visible, so
/// only that is realized), and keeps what moves it in one `ScrollActivity`. Motion, input,
/// targets and snapping live in the extensions beside this file.
public final class ScrollView: Node {
    /// What the view is doing, for readouts and traces.
    public enum Phase: String, Sendable {
        /// At rest.
        case idle
        /// Following a finger or the mouse 1:1.
        case dragging
        /// Coasting after a fling.
        case momentum
        /// Springing back from past an edge, to a snap target, or to an item by a spring.
        case spring
        /// Easing to an offset: a wheel notch, a key, or `scroll(to:animation:)` by a curve.
        case easing
    }

    /// Where along the viewport an item comes to rest: its leading edge at the viewport's
    /// leading edge (the top in a vertical view, the left in a horizontal one), its centre at
    /// the centre, or its trailing edge at the trailing edge.
    public enum Anchor: Sendable, Hashable {
        /// The item's leading edge at the viewport's leading edge.
        case leading
        /// The item's centre at the viewport's centre.
        case center
        /// The item's trailing edge at the viewport's trailing edge.
        case trailing
    }

    /// Where drags, flings, the wheel and keys let the view come to rest (SwiftUI's
    /// `scrollTargetBehavior`).
    public enum TargetBehavior: Sendable, Hashable {
        /// Anywhere momentum leaves it.
        case free
        /// On an item: the item nearest to where momentum would rest comes to `Anchor`
        /// (SwiftUI's `.viewAligned`); a wheel notch or an arrow key moves to the next item.
        case viewAligned(Anchor)
        /// On a page, one viewport length long: a fling moves one page at most, as UIKit's
        /// paging does (SwiftUI's `.paging`).
        case paging
    }

    /// Across or down.
    public let axis: Axis
    /// What scrolls.
    public let content: Node
    /// Where the view comes to rest after a drag, a fling, the wheel or a key; `.free` unless set.
    public var targetBehavior = TargetBehavior.free
    /// Whether items' leading edges are where it comes to rest: `targetBehavior` is
    /// `.viewAligned(.leading)`.
    public var snapsToItems: Bool {
        get { targetBehavior == .viewAligned(.leading) }
        set { targetBehavior = newValue ? .viewAligned(.leading) : .free }
    }
    /// Space around the content inside the viewport, in points, scrolled with it (SwiftUI's
    /// `contentMargins`): along the axis it lets the first and last items reach the middle
    /// (half the viewport less half an item centres them), across it insets the content.
    public var contentMargins = Insets.zero { didSet { if contentMargins != oldValue { setNeedsLayout() } } }
    /// Adds room before the first item and after the last, beyond `contentMargins`, so that
    /// each can come to the viewport's centre at any size of the view (a row stepped item by
    /// item with `.viewAligned(.center)`).
    public var centersEndItems = false { didSet { if centersEndItems != oldValue { setNeedsLayout() } } }
    /// Whether the scroll indicator shows while it moves.
    public var showsIndicators = true
    /// Content shorter than the viewport sits in its middle instead of at its start (a row of
    /// controls that scrolls only when the window is too narrow for it).
    public var centersContent = false { didSet { if centersContent != oldValue { setNeedsLayout() } } }

    /// The presented scroll offset in points (0 = the content's leading margin at the
    /// viewport's leading edge; with no margins, the content's leading edge).
    public private(set) var offset = 0.0
    /// The offset's velocity in points per second.
    public internal(set) var velocity = 0.0
    /// What moves the view now; a change is reported to `onScroll` like a move, so a readout
    /// never shows a stale phase.
    public internal(set) var phase = Phase.idle { didSet { if phase != oldValue { onScroll?(self) } } }
    /// Called after every change of the offset or the phase.
    public var onScroll: ((ScrollView) -> Void)?
    /// Called when `currentItem` changes, with the new one (SwiftUI's `scrollPosition(id:)`
    /// read back): a drag, a fling, the wheel, a key or `scrollTo` moved another item to the
    /// anchor.
    public var onCurrentItemChange: ((Int?) -> Void)? { didSet { lastReportedItem = currentItem } }
    /// Whether the offset is being set by a jump (`scroll(to:animated: false)`): effects that
    /// animate on scroll changes take their new state at once.
    package internal(set) var isJumping = false

    /// What moves the view now; the phase follows it. Any new activity ends a move to an item.
    var activity = ScrollActivity.idle { didSet { movingToItem = nil; updatePhase() } }
    /// The item a `scrollTo(item:)` in progress goes to (so Next pressed twice goes two items).
    var movingToItem: Int?
    /// `currentItem` as last reported to `onCurrentItemChange`.
    var lastReportedItem: Int?
    /// The clock epoch of the ticker stepping the motion (nil: none; an older epoch: the
    /// clock dropped it when the scene changed, as it does for a list in the app's inspector).
    var tickingEpoch: Int?
    /// The content's scrolling side, when it has one (stacks); else it is measured by its frame.
    let source: (any ScrollContent)?
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
    /// Content length along the axis, margins not counted.
    public var contentLength: Double { source?.scrollLength(along: axis) ?? content.frame.size.value(axis) }
    /// The content margins before and after the content along the axis, and across it.
    var margins: (leading: Double, trailing: Double, crossLeading: Double, crossTrailing: Double) {
        let m = contentMargins
        var along = axis == .vertical ? (m.top, m.bottom) : (m.leading, m.trailing)
        if centersEndItems, let ends = endItemLengths {
            along.0 += max((viewportLength - ends.first) / 2, 0)
            along.1 += max((viewportLength - ends.last) / 2, 0)
        }
        return axis == .vertical ? (along.0, along.1, m.leading, m.trailing) : (along.0, along.1, m.top, m.bottom)
    }
    /// The first and last items' lengths along the axis (nil without items): read from the two
    /// items of a stack or a lazy stack, not from a list of every item (the margins are asked
    /// for on every move).
    private var endItemLengths: (first: Double, last: Double)? {
        switch source {
        case let lazy as LazyStack:
            return lazy.count > 0 ? (lazy.length(of: 0), lazy.length(of: lazy.count - 1)) : nil
        case let stack as Stack:
            guard let first = stack.children.first, let last = stack.children.last else { return nil }
            return (first.frame.size.value(axis), last.frame.size.value(axis))
        default:
            guard let spans = source?.itemSpans(along: axis), let first = spans.first, let last = spans.last else { return nil }
            return (first.upperBound - first.lowerBound, last.upperBound - last.lowerBound)
        }
    }
    /// Where the content's leading edge sits at offset 0: its leading margin, plus the inset
    /// that centres short content when `centersContent`.
    var contentStart: Double {
        let m = margins
        let inset = centersContent ? max((viewportLength - m.leading - m.trailing - contentLength) / 2, 0).rounded() : 0
        return m.leading + inset
    }
    /// Offsets that show content and its margins without empty space.
    public var range: ClosedRange<Double> {
        0...max(margins.leading + contentLength + margins.trailing - viewportLength, 0)
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        // Greedy along its axis, as SwiftUI's ScrollView; across, as large as its content.
        let m = margins
        let crossMargins = m.crossLeading + m.crossTrailing
        let c = content.sizeThatFits(.along(axis, nil, cross: proposal.value(axis.cross).map { max($0 - crossMargins, 0) }))
        let main = proposal.value(axis).flatMap { $0.isFinite ? $0 : nil } ?? (c.value(axis) + m.leading + m.trailing)
        let cross = proposal.value(axis.cross).flatMap { $0.isFinite ? $0 : nil } ?? (c.value(axis.cross) + crossMargins)
        return Size.along(axis, main, cross: cross)
    }

    public override func placeChildren(in size: Size) {
        viewport = size
        placeContent()
        if phase == .idle, !range.contains(offset) { setOffset(min(max(offset, range.lowerBound), range.upperBound)) }
    }

    private func placeContent() {
        let m = margins
        let cross = max(viewport.value(axis.cross) - m.crossLeading - m.crossTrailing, 0)
        let natural = content.sizeThatFits(.along(axis, nil, cross: cross))
        func origin() -> Point {
            let main = contentStart - offset
            return axis == .vertical ? Point(x: m.crossLeading, y: main) : Point(x: main, y: m.crossLeading)
        }
        // Content shorter than the viewport: at the start, or centred when asked.
        content.place(at: origin(), size: Size.along(axis, natural.value(axis), cross: cross))
        // The room for the end items is known once the items are laid out (the first time, now).
        if centersEndItems, content.frame.origin != origin() { content.place(at: origin(), size: content.frame.size) }
        if let source {
            let start = offset - contentStart
            let shift = source.show(start...(start + viewportLength))
            if shift != 0 && phase != .dragging {
                // Items above the viewport turned out longer or shorter than estimated: move by
                // as much, so what is on screen stays put.
                offset += shift
                content.place(at: origin(), size: Size.along(axis, source.scrollLength(along: axis), cross: cross))
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
        let f = range.upperBound > 0 ? min(max(offset / range.upperBound, 0), 1) : 0.0
        let pos = inset + travel * f
        let cross = viewport.value(axis.cross)
        if axis == .vertical {
            indicator.place(at: Point(x: cross - thickness - inset, y: pos), size: Size(width: thickness, height: length))
        } else {
            indicator.place(at: Point(x: pos, y: cross - thickness - inset), size: Size(width: length, height: thickness))
        }
    }

    // MARK: - Offset

    /// Moves to `target` (clamped into range) at once or with the key-scroll ease (0.3 s
    /// ease-out).
    public func scroll(to target: Double, animated: Bool = false) {
        scroll(to: target, animation: animated ? .easeOut(duration: 0.3) : nil)
    }

    /// Moves to `target` (clamped into range) by `animation`, or at once when it is nil. A
    /// move in progress is retargeted from where it is, a spring keeping its velocity; a
    /// touch or a drag interrupts it.
    public func scroll(to target: Double, animation: Animation?) {
        let t = min(max(target, range.lowerBound), range.upperBound)
        if let animation {
            start(.moving(ScrollMotion(.animation(from: offset, to: t, v0: velocity, animation), start: now)))
            return
        }
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
        let lo = rect.origin.value(axis) + contentStart, hi = lo + rect.size.value(axis)
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
        reportCurrentItem()
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
