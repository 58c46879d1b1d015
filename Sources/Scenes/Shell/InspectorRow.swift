import Geometry
import Render
import Widgets

/// One setting in the inspector: its name, the value as text, a control of the setting's kind
/// and its help line. A change calls `onChange` with the new value as `--set` text.
final class InspectorRow {
    let setting: SceneSetting
    private(set) var node = Node()
    private let valueLabel: TextNode
    /// Updates the control and the value text to `text` (the current value).
    private var show: (String) -> Void = { _ in }
    /// A choice's chips: each one's button, background and text.
    private var chips: [(button: Button, back: ShapeNode, text: TextNode)] = []
    var onChange: (String) -> Void = { _ in }

    init(_ setting: SceneSetting, value: String) {
        self.setting = setting
        valueLabel = TextNode(value, style: .subheadline, color: .secondaryLabel, alignment: .trailing)
        valueLabel.maxLines = 1
        let name = TextNode(setting.name, style: .subheadline, weight: .semibold)
        let help = TextNode(setting.help, style: .caption, color: .secondaryLabel)
        let header = HStack(spacing: 8, [name, Spacer(minLength: 4), valueLabel])
        var parts: [Node] = [header]
        switch setting.control {
        case .slider(let range, let step): parts.append(slider(range, step: step, value: value))
        case .stepper(let range, let step): header.addChild(stepper(range, step: step, value: value))
        case .choice(let names): parts.append(choice(names, value: value))
        case .colors: parts.append(colors(value))
        case .text: parts.append(field(value))
        }
        parts.append(help)
        node = VStack(spacing: 6, alignment: .leading, parts).frame(maxWidth: .infinity, alignment: .leading)
        for n in [name, help, valueLabel] as [Node] { n.semantics.hidden = true }
    }

    /// The row now shows `value` (after a reset, or a change made elsewhere).
    func update(_ value: String) {
        valueLabel.string = value
        show(value)
    }

    private func changed(_ text: String) {
        valueLabel.string = text
        onChange(text)
    }

    // MARK: Controls

    private func slider(_ range: ClosedRange<Double>, step: Double, value: String) -> Node {
        let s = Slider(label: setting.name, value: Double(value) ?? range.lowerBound, in: range, step: step)
        s.onChange = { [unowned self] v in changed(InspectorRow.text(v)) }
        s.format = { InspectorRow.text($0) }
        s.refreshValueText()
        show = { s.setValue(Double($0) ?? s.value) }
        return s
    }

    private func stepper(_ range: ClosedRange<Int>, step: Int, value: String) -> Node {
        var current = Int(value) ?? range.lowerBound
        let label = setting.name
        var describe: () -> Void = {}
        func button(_ symbol: String, _ name: String, _ delta: Int) -> Button {
            let text = TextNode(symbol, style: .title3, weight: .semibold, color: .accent, alignment: .center)
            let chip = Decorated(text.frame(width: 36, height: 30),
                                 backgrounds: [ShapeNode(.roundedRect(radius: 8, style: .continuous), fill: .color(Color.accent.opacity(0.12)))])
            return Button(label: "\(name) \(label)", content: chip) { [unowned self] in
                let next = min(max(current + delta, range.lowerBound), range.upperBound)
                guard next != current else { return }
                current = next
                describe()
                changed("\(next)")
            }
        }
        let stack = HStack(spacing: 6, [button("−", "Decrease", -step), button("+", "Increase", step)])
        // One spin button for assistive technology, its two buttons inside.
        describe = { [unowned stack] in
            stack.semantics = Semantics(label: label, value: "\(current)", traits: [.adjustable])
            stack.semantics.range = Semantics.Range(value: Double(current), minimum: Double(range.lowerBound),
                                                    maximum: Double(range.upperBound), step: Double(step), isStepper: true)
        }
        describe()
        stack.setAccessibleValue = { [unowned self] v in
            let next = min(max(Int(v.rounded()), range.lowerBound), range.upperBound)
            guard next != current else { return }
            current = next
            describe()
            changed("\(next)")
        }
        show = { current = Int($0) ?? current; describe() }
        return stack
    }

    private func choice(_ names: [String], value: String) -> Node {
        // The chips are the row's, not captured by their own buttons' actions: a button whose
        // action held the array that holds the button would never be freed (nor its row).
        for name in names {
            let text = TextNode(name, style: .footnote, weight: .medium, alignment: .center)
            text.maxLines = 1
            let back = ShapeNode(.roundedRect(radius: 8, style: .continuous))
            let b = Button(label: name, content: Decorated(text.padding(Insets(vertical: 6, horizontal: 6)).frame(maxWidth: .infinity), backgrounds: [back]))
            b.action = { [unowned self] in
                restyle(name)
                changed(name)
            }
            chips.append((b, back, text))
        }
        restyle(value)
        show = { [unowned self] in restyle($0) }
        let grid = AdaptiveGrid(minimum: 96, spacing: 6, chips.map(\.button))
        grid.semantics.container = .tabList
        return grid
    }

    /// Marks the chip named `selected`.
    private func restyle(_ selected: String) {
        for (b, back, text) in chips {
            let on = b.title == selected
            back.fill = .color(on ? .accent : Color(r: 120, g: 120, b: 128, a: 0.12))
            text.color = on ? .white : .black
            b.semantics.traits = on ? [.button, .selected] : [.button]
        }
    }

    private func colors(_ value: String) -> Node {
        let swatches = HStack(spacing: 6, [])
        let name = setting.name   // not self: `show` holds `paint`
        func paint(_ text: String) {
            swatches.removeAllChildren()
            for c in (try? SettingValues.colorList(name, text)) ?? [] {
                let dot = ShapeNode(.ellipse, fill: .color(c), stroke: (Color.black.opacity(0.15), 1)).frame(width: 24, height: 24)
                swatches.addChild(dot)
            }
        }
        paint(value)
        // The text field, whose commits and updates also repaint the swatches.
        let f = field(value)
        let setText = show
        show = { paint($0); setText($0) }
        f.onCommit = { [unowned self] text in
            paint(text)
            changed(text)
        }
        return VStack(spacing: 6, alignment: .leading, [swatches, f])
    }

    private func field(_ value: String) -> TextField {
        let f = TextField(label: setting.name, text: value)
        let check = setting.validate
        f.isValid = { text in (try? check(text)) != nil }
        f.onCommit = { [unowned self] text in changed(text) }
        show = { f.setText($0) }
        return f
    }

    /// A number as `--set` text: at most three decimals, no trailing zeros.
    static func text(_ v: Double) -> String {
        var s = String(printf: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
