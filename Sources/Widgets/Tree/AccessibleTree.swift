import Geometry

/// One node of the tree as assistive technology sees it: what the Accessibility module hands
/// to AT-SPI. Built from the semantics (`Semantics`): roles from traits and containers, the
/// label as the name, the value as words and (for adjustables) numbers, and states.
package struct AccessibleNode: Equatable, Sendable {
    package enum Role: Sendable, Equatable {
        case panel, pushButton, image, heading, label, scrollPane, list, slider, spinButton, toggleButton, pageTabList, entry
    }
    package struct States: OptionSet, Sendable, Equatable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        package static let focusable = States(rawValue: 1 << 0)
        package static let focused = States(rawValue: 1 << 1)
        package static let selected = States(rawValue: 1 << 2)
        package static let checked = States(rawValue: 1 << 3)
        package static let showing = States(rawValue: 1 << 4)
        package static let visible = States(rawValue: 1 << 5)
        package static let enabled = States(rawValue: 1 << 6)
        package static let selectable = States(rawValue: 1 << 7)
        package static let checkable = States(rawValue: 1 << 8)
        package static let editable = States(rawValue: 1 << 9)
    }
    /// The node's `nodeID`.
    package var id: Int
    /// The nearest accessible ancestor's id (0: the window's own).
    package var parent: Int
    package var role: Role
    package var name: String?
    /// What it is for (the semantics' hint).
    package var description: String?
    package var valueText: String?
    package var range: Semantics.Range?
    package var states: States
    /// Whether it takes the "click" action (as Space does).
    package var clickable: Bool
    /// Where it is drawn, in window points.
    package var frame: Rect
}

/// What assistive technology asks of a node.
package enum AccessibleAction: Sendable, Equatable {
    /// Press it, exactly as Space does.
    case click
    /// Set an adjustable's value.
    case setValue(Double)
    /// Replace an entry's text (committed as Return would, if the field accepts it).
    case setText(String)
    /// Move the keyboard focus to it (its scroll view brings it into view).
    case focus
    /// Scroll its scroll view to show it.
    case scrollTo
}

extension WidgetTree {
    /// The accessible nodes in reading order (depth first, parents before children), with the
    /// focused one's id (0: none). Hidden nodes and their subtrees, and nodes whose semantics
    /// are hidden (decorative images, secrets while pixelated), are left out.
    package func accessibleNodes() -> (nodes: [AccessibleNode], focused: Int) {
        layout()
        var out: [AccessibleNode] = []
        let window = Rect(size: size)
        func visit(_ node: Node, parent: Int, clip: Rect) {
            guard !node.isHidden, !node.semantics.hidden else { return }
            let frame = node.windowFrame
            var childParent = parent
            var childClip = clip
            if let a = WidgetTree.accessible(node, parent: parent, frame: frame, showing: frame.intersects(clip)) {
                out.append(a)
                childParent = node.nodeID
            }
            if node is ScrollView { childClip = clip.intersection(frame) }
            for c in node.children { visit(c, parent: childParent, clip: childClip) }
        }
        visit(root, parent: 0, clip: window)
        return (out, focusedControl?.nodeID ?? 0)
    }

    static func accessible(_ node: Node, parent: Int, frame: Rect, showing: Bool) -> AccessibleNode? {
        let s = node.semantics
        guard !s.isEmpty || s.container != nil else { return nil }
        let t = s.traits
        // An image with no name says nothing a screen reader could read out: decorative.
        if t == [.image], s.label == nil, s.value == nil { return nil }
        let role: AccessibleNode.Role
        if t.contains(.toggle) { role = .toggleButton }
        else if t.contains(.adjustable) { role = s.range?.isStepper == true ? .spinButton : .slider }
        else if t.contains(.textField) { role = .entry }
        else if t.contains(.button) { role = .pushButton }
        else if t.contains(.header) { role = .heading }
        else if t.contains(.image) { role = .image }
        else if t.contains(.text) { role = .label }
        else {
            switch s.container {
            case .scrollPane: role = .scrollPane
            case .list: role = .list
            case .tabList: role = .pageTabList
            case .panel, nil: role = .panel
            }
        }
        var states: AccessibleNode.States = [.visible, .enabled]
        if showing { states.insert(.showing) }
        let control = node as? Control
        if control != nil { states.insert(.focusable) }
        if t.contains(.focused) { states.insert(.focused) }
        if t.contains(.selected) { states.insert(role == .toggleButton ? .checked : .selected) }
        if role == .toggleButton { states.insert(.checkable) }
        if role == .entry { states.insert(.editable) }
        if role == .pushButton, node.parentAccessibleContainer == .tabList { states.insert(.selectable) }
        let clickable = control != nil && (role == .pushButton || role == .toggleButton)
        return AccessibleNode(id: node.nodeID, parent: parent, role: role, name: s.label, description: s.hint, valueText: s.value, range: s.range,
                              states: states, clickable: clickable, frame: frame)
    }

    /// Finds the node with `id` and does `action` to it; false when it is gone or cannot.
    @discardableResult
    package func perform(_ action: AccessibleAction, on id: Int) -> Bool {
        guard let node = node(withID: id, in: root) else { return false }
        switch action {
        case .click:
            guard let c = node as? Control else { return false }
            c.activate()
        case .setValue(let v):
            guard let set = node.setAccessibleValue else { return false }
            set(v)
        case .setText(let t):
            guard let set = node.setAccessibleText else { return false }
            set(t)
        case .focus:
            guard let c = node as? Control else { return false }
            focus(c)
        case .scrollTo:
            guard let v = node.enclosingScrollView else { return false }
            v.scrollToVisible(node)
        }
        return true
    }

    private func node(withID id: Int, in node: Node) -> Node? {
        if node.nodeID == id { return node }
        for c in node.children { if let n = self.node(withID: id, in: c) { return n } }
        return nil
    }
}

extension Node {
    /// The container kind of the nearest ancestor that is one.
    var parentAccessibleContainer: Semantics.Container? {
        var p = parent
        while let n = p {
            if let c = n.semantics.container { return c }
            p = n.parent
        }
        return nil
    }
}
