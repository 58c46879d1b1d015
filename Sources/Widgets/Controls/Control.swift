import Geometry
import Input
import Render

/// Something a person operates: it can take the keyboard focus (Tab), shows a focus ring and
/// a hover state, and may take keys while focused and follow a pointer from its first touch.
/// Buttons, sliders, toggles and text fields are controls; the input router knows only this.
open class Control: ProxyNode {
    /// A pointer is down on it and has not left it (drawn pressed).
    public internal(set) var isPressed = false { didSet { if isPressed != oldValue { pressedChanged() } } }
    /// A mouse is over it (drawn hovered).
    public internal(set) var isHovered = false { didSet { if isHovered != oldValue { setNeedsDisplay() } } }
    /// It has the keyboard focus (drawn with a focus ring; Space and Return act on it).
    public internal(set) var isFocused = false {
        didSet {
            guard isFocused != oldValue else { return }
            if isFocused { semantics.traits.insert(.focused) } else { semantics.traits.remove(.focused) }
            focusChanged()
            setNeedsDisplay()
        }
    }

    public override var isInteractive: Bool { true }
    public override var paintsContent: Bool { true }

    /// A key while focused (before the router's Tab, Space and Return); true when used.
    open func key(_ event: KeyEvent) -> Bool { false }
    /// Typed text while focused; true when used.
    open func text(_ string: String) -> Bool { false }
    /// Space or Return while focused, or a tap.
    open func activate() {}
    /// Called when the focus comes or goes.
    open func focusChanged() {}
    /// Called when it is pressed or released.
    open func pressedChanged() { setNeedsDisplay() }

    /// Whether a press on it is followed as a drag at once (a slider's thumb): scroll views
    /// under it then never take that pointer.
    open var tracksPointer: Bool { false }
    /// A tracked pointer went down, moved or came up, at this point in the control's own
    /// coordinates (only when `tracksPointer`).
    open func pointerTracked(_ phase: PointerEvent.Phase, at point: Point) {}

    /// The shape the focus ring follows (outset by 4 pt).
    open var focusShape: ClipShape { clip ?? .roundedRect(radius: 8, style: .continuous) }

    open override func build(into list: inout DisplayList, within visible: Rect?) {
        super.build(into: &list, within: visible)
        guard isFocused, !isHidden else { return }
        // The focus ring, outside the control, on top of its content.
        list.withTransform(transformToParent) { list in
            let ring = ringShape(bounds.insetBy(dx: -4, dy: -4))
            list.append(.stroke(ring, .color(Color.accent.opacity(0.9)), lineWidth: 3))
        }
    }

    private func ringShape(_ r: Rect) -> Shape {
        switch focusShape {
        case .roundedRect(let radius, let style): return .roundedRect(r, radius: radius + 4, style: style)
        case .ellipse: return .ellipse(r)
        case .rect: return .roundedRect(r, radius: 4, style: .continuous)
        }
    }

    open override func measureVisualBounds() -> Rect { super.measureVisualBounds().insetBy(dx: -6, dy: -6) }

}
