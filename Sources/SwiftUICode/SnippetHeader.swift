/// The comment every snippet opens with: what it is, the SwiftUI component it uses, what to copy beside
/// it, the settings it was made with and where its images come from.
enum SnippetHeader {
    static func lines(scene: String, component: String?, needs: String?, settings: [String], photos: SwiftUIPhotos? = nil) -> [String] {
        var out = ["Lumen's \"\(scene)\" as SwiftUI (iOS 18 or later)."]
        if let component { out.append("With \(component).") } else { out.append("A Lumen tool, written with SwiftUI's own API.") }
        if let needs { out.append("Copy \(needs) into the same target.") }
        out.append(settings.isEmpty ? "Settings: the scene's defaults." : "Settings: " + settings.joined(separator: ", ") + ".")
        if let photos { out.append(photos.comment) }
        return out
    }
}
