import Imaging

/// What a scene's SwiftUI is made from: its settings as given, and the photos it shows.
package struct SwiftUIInput: Sendable {
    /// The settings as given (`--set`, the inspector), not their defaults.
    public var settings: [String: String]
    /// The user's photos (`--images`, a drop), or nil for the bundled ones.
    public var photos: [Photo]?
    /// Where the user's photos came from, as given.
    public var photoSource: [String]

    /// What the export starts from: the scene's settings, the user's photos (nil: the bundled ones) and the
    /// folders they came from.
    public init(settings: [String: String], photos: [Photo]? = nil, photoSource: [String] = []) {
        self.settings = settings; self.photos = photos; self.photoSource = photoSource
    }

    /// The settings given, in the order `scene` declares them, as `name=value`.
    public func given(_ scene: any Scene.Type) -> [String] {
        scene.declaredSettings.compactMap { s in settings[s.name].map { "\(s.name)=\($0)" } }
    }
}
