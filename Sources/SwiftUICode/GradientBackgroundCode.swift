/// The Image Derived Gradient Background demo as SwiftUI: `ImageDerivedGradientBackground(image:bands:fallback:)` behind
/// a 240-point photo card, the photos changing every 1.5 s with a 0.8 s cross-fade.
package struct GradientBackgroundCode {
    /// The component's own defaults (Image Derived Gradient Background's API reference).
    package static let defaultBands = 3
    package static let defaultFallback: [SwiftUIColor] = [.named("indigo"), .named("black")]

    package var bands = defaultBands
    package var fallback = defaultFallback
    package var photos: SwiftUIPhotos
    package var settings: [String]

    package init(photos: SwiftUIPhotos, settings: [String]) { self.photos = photos; self.settings = settings }

    var component: String {
        var args = SwiftArguments()
        args.add("image", "photo")
        args.add("bands", bands, default: Self.defaultBands)
        args.add("fallback", fallback, default: Self.defaultFallback) { SwiftLiteral.array($0.map(\.code)) }
        return args.call("ImageDerivedGradientBackground")
    }

    package var source: String {
        var code = SwiftSource()
        code.header(SnippetHeader.lines(scene: "Photo gradient",
                                        component: "the Image Derived Gradient Background component, ImageDerivedGradientBackground",
                                        needs: "the component's ImageDerivedGradientBackground.swift", settings: settings, photos: photos))
        code.block("struct PhotoGradient: View") { code in
            photos.declaration(&code)
            code.line("@State private var index = 0")
            code.line("@Environment(\\.accessibilityReduceMotion) private var reduceMotion")
            code.line()
            code.block("var body: some View") { code in
                code.line("let photo = Image(photos[index % photos.count])")
                code.block("ZStack") { code in
                    code.line(component)
                    code.line()
                    code.line("photo")
                    code.modifiers([".resizable()", ".scaledToFill()", ".frame(width: 240, height: 240)",
                                    ".clipShape(.rect(cornerRadius: 36, style: .continuous))",
                                    ".shadow(color: .black.opacity(0.35), radius: 28, y: 16)",
                                    ".id(index)", ".transition(.opacity)"])
                }
                code.block(".task(id: reduceMotion)") { code in
                    code.line("guard !reduceMotion else { return }")
                    code.block("while !Task.isCancelled") { code in
                        code.line("try? await Task.sleep(for: .seconds(1.5))")
                        code.line("guard !Task.isCancelled else { return }")
                        code.line("withAnimation(.easeInOut(duration: 0.8)) { index += 1 }")
                    }
                }
            }
        }
        code.preview("PhotoGradient()")
        return code.text
    }
}
