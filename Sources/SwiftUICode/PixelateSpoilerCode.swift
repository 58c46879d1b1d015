/// The Pixelate Shader Effect spoiler card as SwiftUI: the "Season finale" card under
/// `.pixelate(_:blockSize:)`, and the Reveal Spoiler / Hide Again button.
package struct PixelateSpoilerCode {
    /// The modifier's default block size (Pixelate Shader Effect's API reference).
    package static let defaultBlockSize = 22.0

    package var blockSize = defaultBlockSize
    /// A pinned amount (`--set amount=`): the card stays at it; nil: the button animates it.
    package var amount: Double?
    package var settings: [String]

    package init(settings: [String]) { self.settings = settings }

    /// `.pixelate(isHidden ? 1 : 0)`, with the block size when it is not the default.
    var modifier: String {
        var args = SwiftArguments()
        args.add(nil, amount.map(SwiftLiteral.number) ?? "isHidden ? 1 : 0")
        args.add("blockSize", blockSize, default: Self.defaultBlockSize)
        return "." + args.call("pixelate")
    }

    package var source: String {
        var code = SwiftSource()
        code.header(SnippetHeader.lines(scene: "Pixelated spoiler",
                                        component: "the Pixelate Shader Effect, .pixelate(_:blockSize:)",
                                        needs: "the effect's PixelateShaderEffect.swift and PixelateShaderEffect.metal",
                                        settings: settings))
        code.block("struct SpoilerCard: View") { code in
            code.line("@State private var isHidden = true")
            code.line()
            code.block("var body: some View") { code in
                code.block("VStack(spacing: 24)") { code in
                    card(&code)
                    code.after([".padding(16)", ".background(.background, in: .rect(cornerRadius: 26))", modifier,
                                    ".accessibilityElement(children: .combine)", ".accessibilityHidden(isHidden)"])
                    code.line()
                    code.block("Button(isHidden ? \"Reveal Spoiler\" : \"Hide Again\", systemImage: isHidden ? \"eye.fill\" : \"eye.slash.fill\")") { code in
                        code.line("withAnimation(.easeInOut(duration: 0.8)) { isHidden.toggle() }")
                    }
                    code.after([".buttonStyle(.borderedProminent)", ".controlSize(.large)"])
                }
                code.after([".padding(20)", ".frame(maxWidth: .infinity, maxHeight: .infinity)",
                                ".background(Color(.systemGroupedBackground))"])
            }
        }
        code.preview("SpoilerCard()")
        return code.text
    }

    /// The card: a gradient header with the trophy, the title and the line under it.
    private func card(_ code: inout SwiftSource) {
        code.block("VStack(alignment: .leading, spacing: 10)") { code in
            code.block("ZStack") { code in
                code.line("LinearGradient(colors: [.indigo, .purple, .orange], startPoint: .topLeading, endPoint: .bottomTrailing)")
                code.line("Image(systemName: \"trophy.fill\")")
                code.modifiers([".font(.system(size: 84))", ".foregroundStyle(.yellow.gradient)", ".shadow(radius: 8)"])
            }
            code.after([".frame(height: 220)", ".clipShape(.rect(cornerRadius: 18))"])
            code.line("Text(\"Season finale\")")
            code.modifiers([".font(.title2.bold())"])
            code.line("Text(\"Rivera wins the final in the last minute, after trailing for the whole second half.\")")
            code.modifiers([".font(.body)", ".foregroundStyle(.secondary)"])
        }
    }
}
