/// The photos a snippet shows, as images in the app's asset catalog under these names (the
/// titles Lumen shows them with), and where they came from, for the header comment.
package struct SwiftUIPhotos: Sendable, Equatable {
    package var names: [String]
    /// "the bundled photos", "the component's own images", "your photos in ~/Pictures".
    package var source: String
    /// Many (the user's own): a lazy stack rather than a plain one.
    package var isLarge: Bool { names.count > 12 }
    package init(names: [String], source: String) { self.names = names; self.source = source }

    /// At most this many names are written out (a folder of thousands would bury the code).
    package static let writtenLimit = 50

    /// `private let photos = [...]`, one name a line when there are several.
    package func declaration(_ code: inout SwiftSource, name: String = "photos") {
        let shown = names.prefix(Self.writtenLimit).map(SwiftLiteral.string)
        if shown.count <= 3 {
            code.line("private let \(name) = \(SwiftLiteral.array(shown))")
            return
        }
        code.line("private let \(name) = [")
        code.modifiers(shown.map { $0 + "," })
        if names.count > Self.writtenLimit { code.modifiers(["// … and \(names.count - Self.writtenLimit) more"]) }
        code.line("]")
    }

    /// The comment line saying how to supply them.
    package var comment: String {
        "Images: \(source), added to the asset catalog under the names below."
    }
}
