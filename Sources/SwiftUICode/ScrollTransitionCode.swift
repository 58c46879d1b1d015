/// The scroll transitions tutorial cards as SwiftUI: a lazy stack of photo cards, each with the tutorial's
/// `.scrollTransition { content, phase in ... }` variant, snapping for the view-aligned ones.
package struct ScrollTransitionCode {
    /// One of the tutorial's variants: the effect's modifiers on `content`, and whether the
    /// stack snaps (`.scrollTargetBehavior(.viewAligned)`).
    package struct Variant: Sendable {
        package let name: String
        package let effects: [String]
        package let snaps: Bool
    }

    /// The tutorial's seven, by the names `--set variant=` takes.
    package static let variants: [Variant] = [
        Variant(name: "none", effects: [], snaps: false),
        Variant(name: "scale", effects: [".scaleEffect(phase.isIdentity ? 1 : 0.6)"], snaps: false),
        Variant(name: "opacity", effects: [".opacity(phase.isIdentity ? 1 : 0)"], snaps: false),
        Variant(name: "offset", effects: [".offset(x: phase.isIdentity ? 0 : 400)"], snaps: false),
        Variant(name: "scale-opacity", effects: [".scaleEffect(phase.isIdentity ? 1 : 0.3)", ".opacity(phase.isIdentity ? 1 : 0.3)"], snaps: false),
        Variant(name: "view-aligned", effects: [".scaleEffect(phase.isIdentity ? 1 : 0.3)", ".opacity(phase.isIdentity ? 1 : 0.3)"], snaps: true),
        Variant(name: "interactive-3d", effects: [".scaleEffect(phase.isIdentity ? 1 : 0.2)", ".opacity(phase.isIdentity ? 1 : 0.5)",
                                                  ".rotation3DEffect(.degrees(phase.isIdentity ? 0 : 90), axis: (x: 0.5, y: 0, z: 0.1))",
                                                  ".offset(x: phase.value * -200)"], snaps: true),
    ]

    package var variant: Variant
    /// SwiftUI's default configuration is `.interactive`; `.animated` is written when chosen.
    package var animated = false
    package var photos: SwiftUIPhotos
    package var settings: [String]

    package init(variant: Variant, photos: SwiftUIPhotos, settings: [String]) {
        self.variant = variant; self.photos = photos; self.settings = settings
    }

    package var source: String {
        var code = SwiftSource()
        code.header(SnippetHeader.lines(scene: "Scroll transitions",
                                        component: "the scroll transitions of SwiftUI's tutorial, .scrollTransition(_:axis:transition:), variant \(variant.name)",
                                        needs: nil, settings: settings, photos: photos))
        code.block("struct ScrollTransitionCards: View") { code in
            photos.declaration(&code, name: "animals")
            code.line()
            code.block("var body: some View") { code in
                code.block("ScrollView") { code in
                    code.block("LazyVStack") { code in
                        code.block("ForEach(animals, id: \\.self)", parameters: "name") { code in
                            code.line("AnimalCard(name: name)")
                            transition(&code)
                        }
                    }
                    if variant.snaps { code.after([".scrollTargetLayout()"]) }
                }
                if variant.snaps { code.after([".scrollTargetBehavior(.viewAligned)"]) }
            }
        }
        code.line()
        card(&code)
        code.preview("ScrollTransitionCards()")
        return code.text
    }

    /// `.scrollTransition(…) { content, phase in content.… }`, none for `none`.
    private func transition(_ code: inout SwiftSource) {
        guard !variant.effects.isEmpty else { return }
        code.indented { code in
            code.block(animated ? ".scrollTransition(.animated)" : ".scrollTransition", parameters: "content, phase") { code in
                code.line("content")
                code.modifiers(variant.effects)
            }
        }
    }

    /// The tutorial's card: a pale yellow rounded card with a shadow, the photo fitted in it
    /// under a yellow border.
    private func card(_ code: inout SwiftSource) {
        code.block("struct AnimalCard: View") { code in
            code.line("let name: String")
            code.line()
            code.block("var body: some View") { code in
                code.block("ZStack") { code in
                    code.line("RoundedRectangle(cornerRadius: 40)")
                    code.modifiers([".fill(.yellow.opacity(0.3))", ".frame(width: 320, height: 240)",
                                    ".shadow(color: .black, radius: 7, x: 8, y: 10)"])
                    code.line("Image(name)")
                    code.modifiers([".resizable()", ".scaledToFit()", ".frame(width: 320, height: 240)",
                                    ".clipShape(RoundedRectangle(cornerRadius: 40))",
                                    ".overlay(RoundedRectangle(cornerRadius: 40).strokeBorder(Color.yellow.opacity(0.4), lineWidth: 6))"])
                }
            }
        }
    }
}
