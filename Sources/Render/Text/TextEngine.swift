import CCairo
import FoundationEssentials
import SystemSupport

/// Pango's one font map and context for the whole process, with the bundled fonts registered.
///
/// Text is laid out in points with hinting of metrics off, so a layout measures the same at
/// every scale factor and the renderer draws exactly what layout measured. Pango objects are
/// not thread-safe: every Pango call in Lumen happens under `TextEngine.lock`.
package final class TextEngine: @unchecked Sendable {
    /// Guards every Pango call.
    public static let lock = Lock(recursive: true)
    nonisolated(unsafe) private static var instance: TextEngine?
    nonisolated(unsafe) private static var fontDirectories: [String] = []

    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer

    /// Registers the fonts in `directory` (e.g. assets/fonts) with fontconfig for this process.
    /// Call before the first text is laid out; later calls re-create the engine so the fonts
    /// are seen. Returns false when fontconfig refused the directory.
    @discardableResult
    public static func registerFonts(directory: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        if fontDirectories.contains(directory) { return true }
        _ = FcInit()
        let ok = directory.withCString { FcConfigAppFontAddDir(FcConfigGetCurrent(), $0) } != 0
        if ok { fontDirectories.append(directory); instance = nil }
        return ok
    }

    /// The shared engine, made on first use.
    public static var shared: TextEngine {
        lock.lock(); defer { lock.unlock() }
        if let e = instance { return e }
        let e = TextEngine()
        instance = e
        return e
    }

    private init() {
        fontMap = pango_cairo_font_map_new()!
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    /// The family Pango actually picked for `font` (to check that a bundled font is found).
    public func resolvedFamily(of font: Font) -> String {
        TextEngine.lock.lock(); defer { TextEngine.lock.unlock() }
        let desc = TextEngine.description(font)
        defer { pango_font_description_free(desc) }
        guard let f = pango_font_map_load_font(fontMap, context, desc) else { return "" }
        defer { g_object_unref(UnsafeMutableRawPointer(f)) }
        let d = pango_font_describe(f)
        defer { pango_font_description_free(d) }
        return pango_font_description_get_family(d).map { String(cString: $0) } ?? ""
    }

    static func description(_ font: Font) -> OpaquePointer {
        let desc = pango_font_description_new()!
        font.family.withCString { pango_font_description_set_family(desc, $0) }
        pango_font_description_set_absolute_size(desc, font.size * Double(lumen_pango_scale()))
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(font.weight.rawValue)))
        return desc
    }
}
