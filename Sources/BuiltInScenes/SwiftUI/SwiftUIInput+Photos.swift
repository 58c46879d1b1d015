import Scenes
import SwiftUICode

extension SwiftUIInput {
    /// The photos a scene shows: the user's by title, the component's own drawn images, or the
    /// bundled ones.
    func photos(bundled: [String], drawn: [String], drawnChosen: Bool) -> SwiftUIPhotos {
        if drawnChosen { return SwiftUIPhotos(names: drawn, source: "the component's own drawn images (draw them, or use photos)") }
        if let photos {
            let from = photoSource.isEmpty ? "" : " from " + photoSource.joined(separator: ", ")
            return SwiftUIPhotos(names: photos.map(\.title), source: "your photos\(from)")
        }
        return SwiftUIPhotos(names: bundled, source: "Lumen's bundled photos (assets/, with CREDITS.md)")
    }
}
