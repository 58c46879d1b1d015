import Animation
import Geometry
import Render
import Scenes
import Widgets

/// The Pixelate Shader Effect demo: the "Season finale" card drawn in blocks until revealed, and the
/// "Reveal Spoiler" / "Hide Again" button animating the amount over 0.8 s ease-in-out.
/// `--set blockSize=…`; `--set amount=…` pins the amount (the button then does nothing).
public final class SpoilerScene: ConfigurableScene, BenchmarkedScene, AttractingScene {
    public let root: Node
    public var background: Color { .groupedBackground }
    public static let name = "spoiler"
    public static let title = "Pixelated spoiler"
    public static let summary = "the Season finale card in blocks, and the Reveal Spoiler button (the pixelate shader effect)"
    let card: Pixelated
    let button: Button
    private var isHidden = true
    private let pinned: Double?

    static let blockSize = SettingKey.number("blockSize", help: "the largest block side in points (default 22)", range: 0...1000, default: 22, slider: 1...100, step: 1)
    static let amount = SettingKey.number("amount", help: "pin the pixelation amount 0…1", range: 0...1, default: nil, step: 0.01)
    public static let settings = [blockSize.setting, amount.setting]

    /// A new block size shows at once; pinning the amount builds the scene again.
    public func apply(_ name: String, _ value: String) -> Bool {
        guard name == Self.blockSize.name, let v = try? Self.blockSize.parse(value) else { return false }
        card.blockSize = v
        return true
    }

    public init(context: SceneContext) throws(SettingError) {
        let block = try context.setting(Self.blockSize)
        pinned = try context.value(Self.amount)

        // `.foregroundStyle(.yellow.gradient)`: the standard gradient of yellow.
        let trophy = TextNode(Icon.trophy.text, font: .icons(size: 84), color: .yellow)
        trophy.gradient = Color.yellow.standardGradient
        trophy.contentShadow = ShadowStyle(color: Color.black.opacity(0.33), radius: 8)
        trophy.semantics.hidden = true
        let header = ZStack([
            ShapeNode(.rect, fill: .gradient([.indigo, .purple, .orange], from: .topLeading, to: .bottomTrailing)),
            trophy,
        ]).frame(height: 220).clipShape(.roundedRect(radius: 18, style: .continuous))
        let content = VStack(spacing: 10, alignment: .leading, [
            header.frame(maxWidth: .infinity),
            TextNode("Season finale", style: .title2, weight: .bold),
            TextNode("Rivera wins the final in the last minute, after trailing for the whole second half.",
                     style: .body, color: .secondaryLabel),
        ])
        let cardBody = content.padding(16).background(.white, in: .roundedRect(radius: 26, style: .continuous))
        // The card reads as one element: its texts combined.
        cardBody.accessibility(label: "Season finale. Rivera wins the final in the last minute, after trailing for the whole second half.")
        for t in [content.children[1], content.children[2]] { t.semantics.hidden = true }
        card = cardBody.pixelate(pinned ?? 1, blockSize: block, motion: context.motion)
        button = Button("Reveal Spoiler", icon: .eye)
        root = VStack(spacing: 24, [card.frame(maxWidth: 560), button])
            .padding(20)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        button.action = { [unowned self] in self.toggle() }
        isHidden = (pinned ?? 1) > 0
        updateButton()
    }

    func toggle() {
        guard pinned == nil else { return }
        isHidden.toggle()
        // One transaction, as the component's `withAnimation`: the blocks and the button's label.
        withAnimation(.easeInOut(duration: 0.8)) {
            card.amount = isHidden ? 1 : 0
            updateButton()
        }
    }

    private func updateButton() {
        button.setLabel(isHidden ? "Reveal Spoiler" : "Hide Again", icon: isHidden ? .eye : .eyeSlash)
    }

    /// On a kiosk left alone: revealed after 2 s, hidden again after 6 s, every 8 s.
    public var attractLoop: AttractLoop {
        .custom { [unowned self] t in
            let phase = t.truncatingRemainder(dividingBy: 8)
            if (phase >= 2 && phase < 6) == isHidden { toggle() }
            // The next change: at 2 s, 6 s, or the next round's 2 s.
            return phase < 2 ? 2 - phase : phase < 6 ? 6 - phase : 10 - phase
        }
    }

    /// For `lumen bench`: the blocks shrink from 1 to 0 over 0.8 s, again and again.
    public var benchMotion: BenchMotion {
        .custom { [unowned self] time in
            let t = time.truncatingRemainder(dividingBy: 0.8) / 0.8
            card.amount = 1 - TimingCurve.easeInOut.value(t)
        }
    }
}
