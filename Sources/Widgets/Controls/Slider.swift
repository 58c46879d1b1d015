import Geometry
import Input
import Render

/// A value in a range, set by dragging its thumb or clicking its track (the thumb jumps there
/// and follows the pointer), or with the arrow keys (one step), Page Up/Down (a tenth of the
/// range) and Home/End while focused. Its semantics are adjustable, with the value as text.
public final class Slider: Control {
    /// The values it takes.
    public let range: ClosedRange<Double>
    /// The granularity of values (0: continuous).
    public let step: Double
    /// The value now.
    public private(set) var value: Double
    /// Called with each new value (a drag calls it as it goes).
    public var onChange: (Double) -> Void = { _ in }
    /// How the value reads in the semantics tree.
    public var format: (Double) -> String = { $0.short }

    /// The thumb's diameter and the track's thickness, in points (as iOS).
    static let thumb = 22.0, track = 4.0

    /// A slider labelled `label` at `value` within `range`, moving in steps of `step` (0: continuously).
    public init(label: String, value: Double, in range: ClosedRange<Double>, step: Double = 0) {
        self.range = range
        self.step = step
        self.value = min(max(value, range.lowerBound), range.upperBound)
        super.init(Node())
        semantics = Semantics(label: label, traits: [.adjustable])
        updateSemantics()
        setAccessibleValue = { [unowned self] in change(to: $0) }
    }

    /// Sets the value (clamped to the range, rounded to the step) without calling `onChange`.
    public func setValue(_ v: Double) {
        let new = snapped(v)
        guard new != value else { return }
        value = new
        updateSemantics()
        setNeedsDisplay()
    }

    private func snapped(_ v: Double) -> Double {
        var x = min(max(v, range.lowerBound), range.upperBound)
        if step > 0 { x = range.lowerBound + ((x - range.lowerBound) / step).rounded() * step }
        return min(max(x, range.lowerBound), range.upperBound)
    }

    private func change(to v: Double) {
        let old = value
        setValue(v)
        if value != old { onChange(value) }
    }

    private func updateSemantics() {
        semantics.value = format(value)
        semantics.range = Semantics.Range(value: value, minimum: range.lowerBound, maximum: range.upperBound, step: step)
    }

    /// Re-reads `format` (after it was replaced).
    public func refreshValueText() { updateSemantics() }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 200, height: 28)
    }

    /// The fraction of the range the value is at.
    var fraction: Double {
        let span = range.upperBound - range.lowerBound
        return span > 0 ? (value - range.lowerBound) / span : 0
    }

    public override var tracksPointer: Bool { true }

    public override func pointerTracked(_ phase: PointerEvent.Phase, at point: Point) {
        isPressed = phase == .down || phase == .move
        guard phase != .cancel else { return }
        let usable = max(bounds.width - Slider.thumb, 1)
        let f = min(max((point.x - Slider.thumb / 2) / usable, 0), 1)
        change(to: range.lowerBound + f * (range.upperBound - range.lowerBound))
    }

    public override func key(_ event: KeyEvent) -> Bool {
        let span = range.upperBound - range.lowerBound
        let unit = step > 0 ? step : span / 100
        switch event.key {
        case .left, .down: change(to: value - unit)
        case .right, .up: change(to: value + unit)
        case .pageDown: change(to: value - max(span / 10, unit))
        case .pageUp: change(to: value + max(span / 10, unit))
        case .home: change(to: range.lowerBound)
        case .end: change(to: range.upperBound)
        default: return false
        }
        return true
    }

    public override var focusShape: ClipShape { .roundedRect(radius: 14, style: .continuous) }

    public override func paint(into list: inout DisplayList) {
        let b = bounds
        let x0 = Slider.thumb / 2, x1 = b.width - Slider.thumb / 2
        let cx = x0 + (x1 - x0) * fraction, cy = b.height / 2
        let track = Rect(x: x0, y: cy - Slider.track / 2, width: max(x1 - x0, 0), height: Slider.track)
        list.fill(.roundedRect(track, radius: Slider.track / 2, style: .circular), Color(r: 120, g: 120, b: 128, a: 0.2))
        let filled = Rect(x: x0, y: track.minY, width: max(cx - x0, 0), height: Slider.track)
        list.fill(.roundedRect(filled, radius: Slider.track / 2, style: .circular), .accent)
        let knob = Rect(x: cx - Slider.thumb / 2, y: cy - Slider.thumb / 2, width: Slider.thumb, height: Slider.thumb)
        list.append(.shadow(.ellipse(knob), color: Color.black.opacity(0.25), blur: 4, offset: Point(x: 0, y: 1)))
        list.fill(.ellipse(knob), isPressed ? Color(white: 0.93) : .white)
    }
}
