/// The Color Reveal Image gallery as SwiftUI: `ColorRevealImage(image:title:aspectRatio:cornerRadius:)`
/// for each photo under a large rounded title, in a scroll view.
package struct ColorRevealGalleryCode {
    /// The component's own defaults (Color Reveal Image's API reference).
    package static let defaultAspectRatio = 4.0 / 3.0
    package static let defaultCornerRadius = 24.0

    package var aspectRatio = defaultAspectRatio
    package var cornerRadius = defaultCornerRadius
    package var photos: SwiftUIPhotos
    /// The `--set` settings it was made with, for the header ("aspectRatio=1.5").
    package var settings: [String]

    package init(photos: SwiftUIPhotos, settings: [String]) { self.photos = photos; self.settings = settings }

    /// The `ColorRevealImage` call for the photo named by the variable `name`.
    var component: String {
        var args = SwiftArguments()
        args.add("image", "Image(name)")
        args.add("title", SwiftLiteral.interpolated("name"))
        args.add("aspectRatio", aspectRatio, default: Self.defaultAspectRatio)
        args.add("cornerRadius", cornerRadius, default: Self.defaultCornerRadius)
        return args.call("ColorRevealImage")
    }

    package var source: String {
        var code = SwiftSource()
        code.header(SnippetHeader.lines(scene: "Color Reveal gallery",
                                        component: "the Color Reveal Image component, ColorRevealImage",
                                        needs: "the component's ColorRevealImage.swift",
                                        settings: settings, photos: photos))
        code.block("struct ColorRevealGallery: View") { code in
            photos.declaration(&code)
            code.line()
            code.block("var body: some View") { code in
                code.block("ScrollView") { code in
                    code.block(photos.isLarge ? "LazyVStack(spacing: 20)" : "VStack(spacing: 20)") { code in
                        code.line("Text(\"Gallery\")")
                        code.modifiers([".font(.system(.largeTitle, design: .rounded, weight: .bold))",
                                        ".frame(maxWidth: .infinity, alignment: .leading)"])
                        code.line()
                        code.block("ForEach(photos, id: \\.self)", parameters: "name") { code in
                            code.line(component)
                        }
                    }
                    code.line(".padding(24)")
                }
            }
        }
        code.preview("ColorRevealGallery()")
        return code.text
    }
}
