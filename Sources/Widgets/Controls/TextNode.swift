import Geometry
import Render

/// A paragraph of text, wrapped to the proposed width, shaped by Pango.
/// Its semantics label is its string unless set otherwise.
public final class TextNode: Node {
    /// The text shown.
    public var string: String {
        didSet {
            guard string != oldValue else { return }
            if semantics.label == oldValue { semantics.label = string }
            invalidateText()
        }
    }
    /// The font.
    public var font: Font { didSet { if font != oldValue { invalidateText() } } }
    /// Animatable ("color", in premultiplied components).
    public var color: Color {
        didSet {
            guard color != oldValue else { return }
            if animateChange(\.color, from: oldValue) { return }
            setNeedsDisplay()
        }
    }
    /// Colours of a top-to-bottom gradient to fill the glyphs with instead of `color` (a
    /// symbol's `.foregroundStyle(.yellow.gradient)`).
    public var gradient: [Color]? { didSet { if gradient != oldValue { setNeedsDisplay() } } }
    /// How its lines align.
    public var alignment: TextAlignment { didSet { if alignment != oldValue { invalidateText() } } }
    /// At most this many lines (the last ellipsized); nil for no limit.
    public var maxLines: Int? { didSet { if maxLines != oldValue { invalidateText() } } }

    /// Layouts by wrapping width (nil = unwrapped); a few are kept since stacks measure twice.
    private var layouts: [Double?: TextLayout] = [:]

    /// Text in a Dynamic Type `style` (at `weight`, or the style's own), `color`, aligned, at most `maxLines`
    /// lines (nil: no limit).
    public init(_ string: String, style: TextStyle = .body, weight: FontWeight? = nil, color: Color = .black,
                alignment: TextAlignment = .leading, maxLines: Int? = nil) {
        self.string = string
        font = .style(style, weight: weight)
        self.color = color
        self.alignment = alignment
        self.maxLines = maxLines
        super.init()
        semantics.label = string
        semantics.traits = style == .largeTitle || style == .title || style == .title2 ? [.header] : [.text]
    }

    /// Text in `font` and `color`, aligned.
    public init(_ string: String, font: Font, color: Color = .black, alignment: TextAlignment = .leading) {
        self.string = string; self.font = font; self.color = color; self.alignment = alignment
        super.init()
        semantics.label = string
        semantics.traits = [.text]
        // An icon glyph says nothing by itself: decorative unless given a label.
        if font.family == Font.iconFamily { semantics.hidden = true }
    }

    public override var paintsContent: Bool { true }

    private func invalidateText() {
        layouts.removeAll()
        widestWord = nil
        setNeedsLayout()
    }

    private var widestWord: Double?
    /// The width of the widest word (points): the narrowest the text goes without breaking
    /// inside a word. Pango lays it out one word a line (wrapping at words only) to find it.
    public var minimumWidth: Double {
        if let w = widestWord { return w }
        let w = TextLayout(string, font: font, width: 0, alignment: .leading, breaksWords: false).size.width
        widestWord = w
        return w
    }

    /// The layout for a wrapping width (points; nil or infinite = one line).
    public func layout(width: Double?) -> TextLayout {
        let key = width.flatMap { $0.isFinite ? ($0 * 4).rounded(.down) / 4 : nil }
        if let l = layouts[key] { return l }
        if layouts.count > 8 { layouts.removeAll() }
        let l = TextLayout(string, font: font, width: key, maxLines: maxLines, alignment: alignment)
        layouts[key] = l
        return l
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let natural = layout(width: nil).size
        // Fits on one line: no need to wrap. Narrower, it wraps between words, never inside
        // one: it answers at least its widest word (a word breaks only when its parent
        // places it narrower still).
        if let w = proposal.width, w.isFinite, w < natural.width { return layout(width: min(max(w, minimumWidth), natural.width)).size }
        return natural
    }

    public override func paint(into list: inout DisplayList) {
        let natural = layout(width: nil)
        let l = frame.width + 0.01 < natural.size.width || alignment != .leading ? layout(width: frame.width) : natural
        if let g = gradient, !g.isEmpty {
            let box = Rect(x: 0, y: 0, width: l.size.width, height: l.size.height)
            list.append(.text(l, origin: .zero, paint: .linearGradient(LinearGradient(colors: g, from: .top, to: .bottom, in: box))))
        } else {
            list.append(.text(l, origin: .zero, color: color))
        }
    }
}
