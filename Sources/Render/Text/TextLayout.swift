import CCairo
import Geometry

/// Horizontal alignment of the lines of a text layout.
public enum TextAlignment: Sendable, Hashable {
    /// Each line at the leading edge.
    case leading
    /// Each line centred.
    case center
    /// Each line at the trailing edge.
    case trailing
}

/// A paragraph of text shaped and wrapped by Pango, measured in points. Immutable: a new
/// width or string makes a new layout. The display list draws it as it was measured.
public final class TextLayout: @unchecked Sendable {
    /// The text.
    public let text: String
    /// The font.
    public let font: Font
    /// The wrapping width in points, or nil for one unbounded line.
    public let width: Double?
    /// At most this many lines, the last one ellipsized; nil for no limit.
    public let maxLines: Int?
    /// How its lines align.
    public let alignment: TextAlignment
    /// The logical size of the laid-out text, in points.
    public let size: Size
    /// Distance from the top to the first line's baseline, in points.
    public let baseline: Double
    /// Number of lines after wrapping.
    public let lineCount: Int
    /// Where its glyphs' ink lies, in points from its top-left (may reach past `size`).
    public let inkBounds: Rect

    let layout: OpaquePointer

    /// Shapes and wraps `text` with Pango, and measures it.
    /// - Parameters:
    ///   - text: the paragraph.
    ///   - font: its font.
    ///   - width: the wrapping width in points; nil for one unbounded line.
    ///   - maxLines: at most this many lines, the last one ellipsized; nil for no limit.
    ///   - alignment: how the lines align.
    ///   - breaksWords: whether a line may break inside a word that is wider than `width`
    ///     (Pango's WORD_CHAR); without it such a word overflows (WORD).
    public init(_ text: String, font: Font, width: Double? = nil, maxLines: Int? = nil, alignment: TextAlignment = .leading,
                breaksWords: Bool = true) {
        self.text = text; self.font = font; self.width = width; self.maxLines = maxLines; self.alignment = alignment
        let engine = TextEngine.shared
        TextEngine.lock.lock(); defer { TextEngine.lock.unlock() }
        let layout = pango_layout_new(engine.context)!
        self.layout = layout
        let desc = TextEngine.description(font)
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        let scale = Double(lumen_pango_scale())
        if let w = width, w.isFinite {
            pango_layout_set_width(layout, Int32(max(w, 0) * scale))
            pango_layout_set_wrap(layout, breaksWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
        }
        if let n = maxLines, n > 0 {
            pango_layout_set_height(layout, Int32(-n))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        var logical = PangoRectangle(), ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        inkBounds = Rect(x: Double(ink.x) / scale, y: Double(ink.y) / scale, width: Double(ink.width) / scale, height: Double(ink.height) / scale)
        // With a wrap width, lines are aligned within it: report that width so alignment shows.
        let w = (width != nil && alignment != .leading) ? max(width ?? 0, 0) : Double(logical.x + logical.width) / scale
        size = Size(width: w, height: Double(logical.height) / scale)
        baseline = Double(pango_layout_get_baseline(layout)) / scale
        lineCount = Int(pango_layout_get_line_count(layout))
    }

    deinit {
        TextEngine.lock.lock(); defer { TextEngine.lock.unlock() }
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Draws at the current point of `cr` with its current source colour.
    package func show(in cr: OpaquePointer) {
        TextEngine.lock.lock(); defer { TextEngine.lock.unlock() }
        pango_cairo_show_layout(cr, layout)
    }
}
