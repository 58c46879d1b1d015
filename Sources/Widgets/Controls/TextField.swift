import Geometry
import Input
import Render

/// One line of editable text: focused (by Tab or a click), it takes typed text at its end,
/// Backspace deletes, Return commits, Escape puts back what was committed; losing the focus
/// commits too. `isValid` marks text the owner would refuse (a red border), which is then not
/// committed.
public final class TextField: Control {
    /// The text in the field.
    public private(set) var text: String
    private var committed: String
    /// Called with the text when it is committed (and valid).
    public var onCommit: (String) -> Void = { _ in }
    /// Whether a text would be accepted; nil accepts everything.
    public var isValid: ((String) -> Bool)?
    private let label: TextNode

    /// A field labelled `label` holding `text`.
    public init(label: String, text: String) {
        self.text = text
        committed = text
        self.label = TextNode(text, style: .body)
        self.label.maxLines = 1
        self.label.semantics.hidden = true
        super.init(self.label.padding(Insets(vertical: 8, horizontal: 10)).frame(maxWidth: .infinity, alignment: .leading))
        semantics = Semantics(label: label, value: text, traits: [.textField])
        // A screen reader's edit is typing the whole text and pressing Return: committed if
        // the owner accepts it, else shown with the red border as typed text would be.
        setAccessibleText = { [unowned self] t in
            self.text = t.filter { !$0.isNewline }
            update()
            commit()
        }
    }

    /// Replaces the text, as committed, without calling `onCommit`.
    public func setText(_ t: String) {
        text = t
        committed = t
        update()
    }

    private var valid: Bool { isValid?(text) ?? true }

    private func update() {
        label.string = text
        semantics.value = text
        setNeedsDisplay()
    }

    private func commit() {
        guard text != committed, valid else { return }
        committed = text
        onCommit(text)
    }

    public override func activate() { commit() }

    public override func focusChanged() { if !isFocused { if valid { commit() } else { text = committed; update() } } }

    public override func key(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .backspace:
            if !text.isEmpty { text.removeLast(); update() }
        case .enter: commit()
        case .escape:
            guard text != committed else { return false }
            text = committed
            update()
        // Characters arrive as text (with the keyboard layout applied); their keys are taken
        // here so that no app key fires while typing.
        case .character, .space: break
        default: return false
        }
        return true
    }

    public override func text(_ string: String) -> Bool {
        text += string.filter { !$0.isNewline }
        update()
        return true
    }

    public override var focusShape: ClipShape { .roundedRect(radius: 8, style: .continuous) }

    public override func paint(into list: inout DisplayList) {
        let b = bounds
        let shape = Shape.roundedRect(b, radius: 8, style: .continuous)
        list.fill(shape, .white)
        let border: Color = !valid ? .red : (isFocused ? .accent : Color(r: 60, g: 60, b: 67, a: 0.3))
        list.append(.stroke(shape, .color(border), lineWidth: isFocused || !valid ? 2 : 1))
        guard isFocused else { return }
        // The caret after the last character (steady: a blinking one would cost frames).
        let x = min(10 + label.layout(width: nil).size.width + 1, b.width - 8)
        list.fill(.rect(Rect(x: x, y: 8, width: 2, height: max(b.height - 16, 0))), .accent)
    }
}
