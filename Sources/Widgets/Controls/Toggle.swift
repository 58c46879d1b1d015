import Geometry
import Render

/// A switch: on or off, flipped by a tap, Space or Return. Drawn as iOS draws it (51 × 31 pt,
/// green when on). Its semantics are a toggle, selected when on.
public final class Toggle: Control {
    /// Whether it is on.
    public private(set) var isOn: Bool
    /// Called with the new state after a flip.
    public var onChange: (Bool) -> Void = { _ in }

    /// A switch labelled `label`, on or off.
    public init(label: String, isOn: Bool) {
        self.isOn = isOn
        super.init(Node())
        semantics = Semantics(label: label, traits: [.toggle])
        updateSemantics()
    }

    /// Sets the state without calling `onChange`.
    public func setOn(_ on: Bool) {
        guard on != isOn else { return }
        isOn = on
        updateSemantics()
        setNeedsDisplay()
    }

    private func updateSemantics() {
        semantics.value = isOn ? "on" : "off"
        if isOn { semantics.traits.insert(.selected) } else { semantics.traits.remove(.selected) }
    }

    public override func activate() {
        setOn(!isOn)
        onChange(isOn)
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size { Size(width: 51, height: 31) }

    public override var focusShape: ClipShape { .roundedRect(radius: 15.5, style: .circular) }

    public override func paint(into list: inout DisplayList) {
        let b = bounds
        list.fill(.roundedRect(b, radius: b.height / 2, style: .circular), isOn ? .green : Color(r: 120, g: 120, b: 128, a: 0.16))
        let d = b.height - 4
        let knob = Rect(x: isOn ? b.width - d - 2 : 2, y: 2, width: d, height: d)
        list.append(.shadow(.ellipse(knob), color: Color.black.opacity(0.2), blur: 3, offset: Point(x: 0, y: 1)))
        list.fill(.ellipse(knob), isPressed ? Color(white: 0.94) : .white)
    }
}
