import Animation
import Geometry
import Input
import Render

/// The root of a widget tree in a window (or a headless canvas): it lays out, collects
/// damage, builds display lists and answers hit tests and semantics queries.
public final class WidgetTree {
    /// The root node.
    public let root: Node
    /// The clock that animations of this tree's nodes run on.
    public let clock: AnimationClock
    /// Off-main-thread work of this tree's nodes; results arrive at the start of a frame.
    package let background = BackgroundWork()
    /// Device pixels per point of the display it is shown on (motion ends below a quarter of one).
    public var pixelsPerPoint = 1.0
    /// The viewport size in points.
    public var size: Size { didSet { if size != oldValue { root.setNeedsLayout(); damageAll() } } }
    /// The union of areas to redraw since the last frame, in window points; nil when clean.
    package private(set) var damage: Rect?
    /// Nodes marked since the last frame, to damage their new area after layout.
    private var dirty: [Node] = []

    /// A tree of `root` laid out at `size` points, its animations on `clock`.
    public init(root: Node, size: Size, clock: AnimationClock = AnimationClock()) {
        self.root = root
        self.size = size
        self.clock = clock
        root.host = self
        damageAll()
    }

    /// Marks the whole viewport for redraw (first frame, resize, expose).
    package func damageAll() { damage = Rect(size: size) }

    func addDamage(_ r: Rect) {
        let clipped = r.intersection(Rect(size: size))
        guard !clipped.isEmpty else { return }
        damage = damage.map { $0.union(clipped) } ?? clipped
    }

    func nodeNeedsDisplay(_ node: Node) { dirty.append(node) }

    /// Whether a frame would draw anything.
    package var needsFrame: Bool {
        damage != nil || !dirty.isEmpty || root.needsLayout || !layoutBoundaries.isEmpty || clock.isAnimating || background.isBusy
    }

    /// Lays out what changed.
    public func layout() {
        if root.needsLayout || root.frame.size == .zero || lastLayoutSize != size {
            lastLayoutSize = size
            placeRoot()
        }
        let boundaries = layoutBoundaries
        layoutBoundaries.removeAll()
        for b in boundaries where b.tree === self { b.layoutIfNeeded() }
        for n in dirty where n.tree === self { addDamage(n.windowVisualBounds()) }
        dirty.removeAll()
    }

    private var lastLayoutSize: Size?
    /// Fixed-size subtrees that need layout on their own (see `Node.setNeedsLayout`).
    var layoutBoundaries: [Node] = []

    private func placeRoot() {
        // As SwiftUI, the root is offered the window and centred at the size it answers; but
        // a root larger than the window is pinned to its top/leading edge, so a window made
        // too small shows the start of the content (its title) rather than its middle.
        let s = root.sizeThatFits(ProposedSize(size))
        func origin(_ space: Double, _ content: Double) -> Double { content > space ? 0 : ((space - content) / 2).rounded() }
        root.place(at: Point(x: origin(size.width, s.width), y: origin(size.height, s.height)), size: s)
        root.layoutIfNeeded()
    }

    /// Steps animations and timers at the clock's time, lays out, then returns the full display list and the
    /// damaged region (window points,
    /// nil when nothing needs drawing), and starts collecting damage afresh.
    public func frame() -> (list: DisplayList, damage: Rect?) {
        background.deliver()
        clock.tick()
        layout()
        guard damage != nil else { return (DisplayList(), nil) }
        var list = DisplayList(reservingCapacity: lastListCount)
        // What lies outside the window is left out.
        root.build(into: &list, within: Rect(size: size))
        lastListCount = list.commands.count
        let d = damage
        damage = nil
        return (list, d)
    }

    let router = InputRouter()

    /// Delivers input: pointers to buttons and scroll views, wheel, keys and focus.
    public func handle(_ event: InputEvent) {
        layout()
        router.handle(event, in: self)
    }

    /// Forgets pointers in progress, hover and focus: part of the tree was replaced (another
    /// screen opened), so a press that began on the old one must not land on the new one.
    package func resetInput() { router.reset(at: clock.now) }

    /// After the clock dropped every ticker (a scene replaced), lists that outlive the scene
    /// (the app's inspector, its help) go on moving where they were.
    package func resumeMotions() { for view in scrollViews { view.resumeMotion() } }

    /// The mouse left the window (hover ends).
    package func pointerLeft() { router.pointerLeft() }

    /// The button with keyboard focus.
    public var focusedButton: Button? { router.focused as? Button }
    /// The control with keyboard focus.
    public var focusedControl: Control? { router.focused }
    /// Gives `control` the keyboard focus (nil: none).
    public func focus(_ control: Control?) { router.focus(control) }

    /// Every scroll view in the tree, in tree order (for traces, key scrolling, the attract
    /// loop): found again only after nodes were added or removed somewhere.
    package var scrollViews: [ScrollView] {
        let changes = structureChanges
        if let found = foundScrollViews, found.changes == changes { return found.views }
        var out: [ScrollView] = []
        func visit(_ n: Node) { if let s = n as? ScrollView { out.append(s) }; for c in n.children { visit(c) } }
        visit(root)
        foundScrollViews = (changes, out)
        return out
    }
    private var foundScrollViews: (changes: Int, views: [ScrollView])?
    /// Subtrees holding a scroll view added to or removed from this tree (`scrollViews` walks
    /// the tree again only when it changed).
    package internal(set) var structureChanges = 0
    /// The commands of the last frame's list.
    private var lastListCount = 0

    /// The largest scroll view, which keys scroll when nothing is focused.
    package var mainScrollView: ScrollView? {
        scrollViews.max { $0.frame.width * $0.frame.height < $1.frame.width * $1.frame.height }
    }

    /// The frontmost node under a window point.
    public func hitTest(_ point: Point) -> Node? {
        layout()
        guard let inverse = root.transformToParent.inverted() else { return nil }
        return root.hitTest(inverse.apply(point))
    }

    /// The semantics tree as text (see `Node.semanticsDump`).
    public func semanticsDump() -> String {
        layout()
        return root.semanticsDump()
    }
}
