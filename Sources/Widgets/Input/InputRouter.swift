import Geometry
import Input

/// Routes input to the widget tree: pointers to buttons and scroll views (with the slop that
/// hands a press over to a drag), hover, wheel to the scroll view under the pointer, keys to
/// focus traversal, the focused button and scroll views.
///
/// Each pointer (the mouse, each finger) is tracked on its own, so a second finger never
/// breaks the first one's gesture; a scroll view follows one pointer at a time.
final class InputRouter {
    struct Track {
        var kind: PointerKind
        var down: Point
        var button: Control?
        /// A control that follows this pointer from its first touch (a slider).
        var tracking: Control?
        /// Scroll views under the pointer, innermost first.
        var scrollViews: [ScrollView]
        var dragging: ScrollView?
    }

    private var tracks: [Int: Track] = [:]
    private(set) weak var hovered: Control?
    private(set) weak var focused: Control?

    /// Forgets every pointer, the hover and the focus (the content they were on was replaced);
    /// a list being dragged lets go at `time` and settles (a shell's list outlives the scene).
    func reset(at time: Double) {
        for (id, t) in tracks {
            t.button?.isPressed = false
            t.tracking?.pointerTracked(.cancel, at: .zero)
            t.dragging?.dragCancelled(pointer: id, time: time)
        }
        tracks.removeAll()
        pointerLeft()
        focus(nil)
    }

    func handle(_ event: InputEvent, in tree: WidgetTree) {
        switch event {
        case .pointer(let p): pointer(p, tree)
        case .wheel(let w): wheel(w, tree)
        case .key(let k): key(k, tree)
        case .text(let t): _ = focused?.text(t.string)
        }
    }

    // MARK: Pointers

    private func scrollViews(above node: Node?) -> [ScrollView] {
        var out: [ScrollView] = []
        var n = node
        while let x = n { if let s = x as? ScrollView { out.append(s) }; n = x.parent }
        return out
    }

    private func pointer(_ e: PointerEvent, _ tree: WidgetTree) {
        switch e.phase {
        case .down:
            // A pointer that goes down again without having come up (its release was lost: the
            // window lost the mouse mid-drag) ends its earlier gesture first.
            if tracks[e.id] != nil { pointer(PointerEvent(id: e.id, kind: e.kind, phase: .cancel, location: e.location, time: e.time), tree) }
            let hit = tree.hitTest(e.location)
            if let control = hit?.interactiveAncestor as? Control, control.tracksPointer {
                // A slider follows the pointer at once; it takes the focus as it would on a tap.
                focus(control)
                control.pointerTracked(.down, at: control.localPoint(e.location))
                tracks[e.id] = Track(kind: e.kind, down: e.location, button: nil, tracking: control, scrollViews: [], dragging: nil)
                return
            }
            var button = hit?.interactiveAncestor as? Control
            let views = scrollViews(above: hit)
            // A touch on a moving list stops it; that touch is not a tap.
            for v in views where v.catchMotion() { button = nil }
            button?.isPressed = true
            tracks[e.id] = Track(kind: e.kind, down: e.location, button: button, tracking: nil, scrollViews: views, dragging: nil)
        case .move:
            guard var t = tracks[e.id] else {
                if e.kind == .mouse && !e.isPressed { hover(e.location, tree) }
                return
            }
            if let v = t.dragging {
                v.dragMoved(pointer: e.id, position: along(v.axis, e.location), time: e.time)
                return
            }
            if let c = t.tracking {
                c.pointerTracked(.move, at: c.localPoint(e.location))
                return
            }
            let d = e.location - t.down
            if d.length > t.kind.slop {
                // The innermost view that scrolls the way the pointer mostly moves, and that no
                // other pointer is driving, takes the gesture; the press is cancelled.
                let horizontal = abs(d.x) > abs(d.y)
                if let v = t.scrollViews.first(where: { ($0.axis == .horizontal) == horizontal && !$0.isDragged(byOtherThan: e.id) }) {
                    t.button?.isPressed = false
                    t.button = nil
                    // The drag counts from where the pointer crossed the slop, not from where this
                    // move found it past it, so the content is where it would be at any event rate.
                    let moved = along(v.axis, e.location) - along(v.axis, t.down)
                    let anchor = along(v.axis, t.down) + min(max(moved, -t.kind.slop), t.kind.slop)
                    v.dragBegan(pointer: e.id, position: along(v.axis, e.location), anchor: anchor, time: e.time)
                    t.dragging = v
                }
            }
            if let b = t.button, !b.containsWindowPoint(e.location) {
                // Moving out of the button cancels the press.
                b.isPressed = false
                t.button = nil
            }
            tracks[e.id] = t
        case .up:
            guard let t = tracks.removeValue(forKey: e.id) else { return }
            if let c = t.tracking {
                c.pointerTracked(.up, at: c.localPoint(e.location))
            } else if let v = t.dragging {
                v.dragEnded(pointer: e.id, position: along(v.axis, e.location), time: e.time)
            } else if let b = t.button {
                b.isPressed = false
                if b.containsWindowPoint(e.location) { b.activate() }
            }
            if e.kind == .mouse { hover(e.location, tree) }
        case .cancel:
            guard let t = tracks.removeValue(forKey: e.id) else { return }
            t.button?.isPressed = false
            t.tracking?.pointerTracked(.cancel, at: .zero)
            t.dragging?.dragCancelled(pointer: e.id, time: e.time)
        }
    }

    private func along(_ axis: Axis, _ p: Point) -> Double { axis == .vertical ? p.y : p.x }

    private func hover(_ location: Point, _ tree: WidgetTree) {
        let b = tree.hitTest(location)?.interactiveAncestor as? Control
        if b !== hovered { hovered?.isHovered = false; b?.isHovered = true; hovered = b }
    }

    /// The pointer left the window.
    func pointerLeft() { hovered?.isHovered = false; hovered = nil }

    // MARK: Wheel

    private func wheel(_ e: WheelEvent, _ tree: WidgetTree) {
        // The nearest scroll view under the pointer along the wheel's axis takes it (a vertical
        // wheel over a horizontal strip in a list scrolls the list); failing that, the nearest
        // one at all (a plain wheel scrolls a lone horizontal view).
        let views = scrollViews(above: tree.hitTest(e.location))
        let horizontal = abs(e.delta.x) > abs(e.delta.y)
        let ordered = views.filter { ($0.axis == .horizontal) == horizontal } + views.filter { ($0.axis == .horizontal) != horizontal }
        for v in ordered where v.wheel(e) { return }
    }

    // MARK: Keys and focus

    private func key(_ e: KeyEvent, _ tree: WidgetTree) {
        if let f = focused, f.key(e) { return }
        switch e.key {
        case .tab:
            moveFocus(backward: e.shift, tree)
        case .enter:
            focused?.activate()
        case .space where focused != nil:
            focused?.activate()
        default:
            let views = focused.map { scrollViews(above: $0) } ?? []
            for v in views + [tree.mainScrollView].compactMap({ $0 }) where v.key(e) { return }
        }
    }

    /// Focusable buttons in tree order (only realized, visible ones).
    private func focusables(_ tree: WidgetTree) -> [Control] {
        var out: [Control] = []
        func visit(_ n: Node) {
            guard !n.isHidden, !n.semantics.hidden else { return }
            if let b = n as? Control { out.append(b) }
            for c in n.children { visit(c) }
        }
        visit(tree.root)
        return out
    }

    private func moveFocus(backward: Bool, _ tree: WidgetTree) {
        let all = focusables(tree)
        guard !all.isEmpty else { return }
        let current = focused.flatMap { f in all.firstIndex { $0 === f } }
        let next: Int
        if let c = current { next = (c + (backward ? -1 : 1) + all.count) % all.count } else { next = backward ? all.count - 1 : 0 }
        focus(all[next])
    }

    func focus(_ b: Control?) {
        focused?.isFocused = false
        focused = b
        b?.isFocused = true
        if let b { b.enclosingScrollView?.scrollToVisible(b) }
    }
}

extension Node {
    /// A window point in this node's own coordinates.
    func localPoint(_ p: Point) -> Point { transformToWindow.inverted()?.apply(p) ?? p }

    /// Whether a window point lies inside this node's shape.
    func containsWindowPoint(_ p: Point) -> Bool {
        guard let inverse = transformToWindow.inverted() else { return false }
        return (clip ?? .rect).contains(inverse.apply(p), in: bounds)
    }
}
