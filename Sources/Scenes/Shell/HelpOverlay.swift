import Geometry
import Render
import Widgets

/// The keys of the current scene and of the app, in a card over a dimmed window (`?` or F1;
/// any key, a click or the close button dismisses it).
package final class HelpOverlay: ProxyNode {
    /// The keys every screen answers.
    /// The app's keys for `catalog`: the home's and the inspector's only where it has them.
    package static func appKeys(for catalog: SceneCatalog) -> [KeyHelp] {
        appKeys.filter { k in
            (catalog.hasHome || k.keys != "Escape, Backspace") && (catalog.hasInspector || k.keys != "i")
        }
    }

    package static let appKeys = [
        KeyHelp("Escape, Backspace", "back to the home screen"),
        KeyHelp("? or F1", "this help"),
        KeyHelp("Tab, Shift+Tab", "move the focus"),
        KeyHelp("Space, Return", "press the focused button"),
        KeyHelp("↑ ↓ Page Up/Down Home End", "scroll"),
        KeyHelp("i", "the inspector: this scene's settings, live"),
        KeyHelp("f", "frame times, memory and decoding"),
        KeyHelp("m", "Reduce Motion on or off"),
        KeyHelp("s", "save a screenshot"),
        KeyHelp("r", "start or stop recording the window (MP4 in Videos)"),
        KeyHelp("q", "quit"),
    ]

    package let close: Button
    private let list: Node

    package init(onClose: @escaping () -> Void) {
        close = Button(label: "Close help", content: TextNode(Icon.close.text, font: .icons(size: 22), color: .secondaryLabel)
            .accessibility(hidden: true).padding(8), action: onClose)
        list = VStack(spacing: 6, alignment: .leading, [])
        let header = HStack(spacing: 8, [TextNode("Keys", style: .title2, weight: .bold), Spacer(), close])
        let card = VStack(spacing: 12, alignment: .leading, [header, list])
            .padding(Insets(top: 16, leading: 24, bottom: 24, trailing: 16))
            .background(.white, in: .roundedRect(radius: 20, style: .continuous))
            .frame(maxWidth: 560)
        card.shadow = ShadowStyle(color: Color.black.opacity(0.25), radius: 24, y: 8)
        let scrim = Button(label: "Dismiss help", content: ShapeNode(.rect, fill: .color(Color.black.opacity(0.35))), action: onClose)
        scrim.semantics.hidden = true
        super.init(ZStack([scrim, ScrollView(card.padding(24).frame(maxWidth: .infinity))]))
    }

    /// Lists `scene`'s keys (if any) above the app's.
    package func show(sceneTitle: String, sceneKeys: [KeyHelp], catalog: SceneCatalog) {
        list.removeAllChildren()
        func section(_ title: String, _ keys: [KeyHelp]) {
            list.addChild(TextNode(title, style: .subheadline, weight: .semibold, color: .secondaryLabel).padding(Insets(top: 8, leading: 0, bottom: 0, trailing: 0)))
            for k in keys {
                let key = TextNode(k.keys, style: .body, weight: .semibold)
                list.addChild(HStack(spacing: 16, alignment: .top, [key.frame(width: 200, alignment: .leading), TextNode(k.action, style: .body)])
                    .frame(maxWidth: .infinity, alignment: .leading))
            }
        }
        if !sceneKeys.isEmpty { section(sceneTitle, sceneKeys) }
        section("Everywhere", HelpOverlay.appKeys(for: catalog))
        setNeedsLayout()
    }
}
