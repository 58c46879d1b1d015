import Geometry
import Render
import Widgets

/// What a photo scene shows when the user's folder has no photos in it, or while it is still
/// being read (`listing`).
public enum EmptyState {
    /// The note for `source` (the folders asked for): no photos there, or still reading them (`listing`), on
    /// `background`.
    public static func node(_ source: [String], listing: Bool = false, background: Color = .groupedBackground) -> Node {
        let where_ = source.count == 1 ? source[0] : "the paths given"
        return VStack(spacing: 8, [
            TextNode(Icon.photo.text, font: .icons(size: 56), color: .secondaryLabel),
            TextNode(listing ? "Reading \(where_)…" : "No photos in \(where_)", style: .title2, weight: .bold, alignment: .center),
            TextNode(listing ? "Looking for photos in it." : "Lumen shows JPEG, PNG, GIF, WebP, TIFF, HEIC, AVIF, BMP and QOI files.",
                     style: .body, color: .secondaryLabel, alignment: .center),
        ]).padding(32).frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
