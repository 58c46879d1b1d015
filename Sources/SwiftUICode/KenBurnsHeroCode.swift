/// The Ken Burns Image hero as SwiftUI: `KenBurnsImage(image:label:duration:zoom:from:to:)` filling
/// the screen, with the caption at its bottom-leading corner.
package struct KenBurnsHeroCode {
    /// The component's own defaults (Ken Burns Image's API reference).
    package static let defaultDuration = 12.0
    package static let defaultZoom = 1.3
    package static let defaultFrom = SwiftUIUnitPoint.named("topLeading")
    package static let defaultTo = SwiftUIUnitPoint.named("bottomTrailing")

    package var duration = defaultDuration
    package var zoom = defaultZoom
    package var from = defaultFrom
    package var to = defaultTo
    /// The image's asset name, its accessibility label, and the caption's two lines.
    package var image: String
    package var label: String
    package var title: String
    package var subtitle: String
    package var imageSource: String
    package var settings: [String]

    package init(image: String, label: String, title: String, subtitle: String, imageSource: String, settings: [String]) {
        self.image = image; self.label = label; self.title = title; self.subtitle = subtitle
        self.imageSource = imageSource; self.settings = settings
    }

    var component: String {
        var args = SwiftArguments()
        args.add("image", "Image(\(SwiftLiteral.string(image)))")
        args.add("label", SwiftLiteral.string(label))
        args.add("duration", duration, default: Self.defaultDuration)
        args.add("zoom", zoom, default: Self.defaultZoom)
        args.add("from", from, default: Self.defaultFrom) { $0.code }
        args.add("to", to, default: Self.defaultTo) { $0.code }
        return args.call("KenBurnsImage")
    }

    package var source: String {
        var code = SwiftSource()
        code.header(SnippetHeader.lines(scene: "Ken Burns hero", component: "the Ken Burns Image component, KenBurnsImage",
                                        needs: "the component's KenBurnsImage.swift", settings: settings,
                                        photos: SwiftUIPhotos(names: [image], source: imageSource)))
        code.block("struct KenBurnsHero: View") { code in
            code.block("var body: some View") { code in
                code.line(component)
                code.indented { code in
                    code.line(".ignoresSafeArea()")
                    code.block(".overlay(alignment: .bottomLeading)") { code in caption(&code) }
                }
            }
        }
        code.preview("KenBurnsHero()")
        return code.text
    }

    /// The overlay's content: the title and subtitle, white with a soft shadow.
    private func caption(_ code: inout SwiftSource) {
        code.block("VStack(alignment: .leading, spacing: 4)") { code in
            code.line("Text(\(SwiftLiteral.string(title)))")
            code.modifiers([".font(.largeTitle.bold())"])
            code.line("Text(\(SwiftLiteral.string(subtitle)))")
            code.modifiers([".font(.headline)", ".opacity(0.85)"])
        }
        code.after([".foregroundStyle(.white)", ".shadow(color: .black.opacity(0.4), radius: 8, y: 2)", ".padding(24)"])
    }
}
