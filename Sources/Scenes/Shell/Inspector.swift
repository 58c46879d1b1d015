import Geometry
import Render
import Widgets

/// The side panel that edits the current scene's settings live (`i` or the bar's button): a
/// row per setting the scene declares, Reduce Motion and slow animations, a reset, and the
/// command line that would start Lumen this way, with a button that copies it, and a button
/// that copies the scene as SwiftUI with the component's components and these settings.
package final class Inspector: ProxyNode {
    /// The panel's width in points.
    package static let width = 340.0

    /// A setting changed (its name and new `--set` text).
    var onChange: (String, String) -> Void = { _, _ in }
    var onReset: () -> Void = {}
    var onReduceMotion: (Bool) -> Void = { _ in }
    var onSlowAnimations: (Bool) -> Void = { _ in }
    var onCopy: () -> Void = {}
    var onCopySwiftUI: () -> Void = {}

    private let list = VStack(spacing: 18, alignment: .leading, [])
    private var rows: [InspectorRow] = []
    private let commandLine = TextNode("", style: .footnote, color: .secondaryLabel)
    let reduceMotion = Toggle(label: "Reduce Motion", isOn: false)
    let slowAnimations = Toggle(label: "Slow animations", isOn: false)
    let copy: Button
    let copySwiftUI: Button
    let reset: Button

    package init() {
        var copyAction: () -> Void = {}, swiftUIAction: () -> Void = {}, resetAction: () -> Void = {}
        copy = Button("Copy", icon: nil) { copyAction() }
        copySwiftUI = Button("Copy as SwiftUI", icon: nil) { swiftUIAction() }
        reset = Button("Reset to defaults", icon: nil) { resetAction() }
        let panel = ScrollView(list.padding(Insets(top: 16, leading: 16, bottom: 24, trailing: 16)).frame(maxWidth: .infinity))
        let fill = ShapeNode(.rect, fill: .color(Color(r: 249, g: 249, b: 249)))
        let rule = ShapeNode(.rect, fill: .color(Color.black.opacity(0.15))).frame(width: 0.5).frame(maxWidth: .infinity, alignment: .leading)
        super.init(ZStack([fill, panel, rule]))
        copyAction = { [unowned self] in onCopy() }
        swiftUIAction = { [unowned self] in onCopySwiftUI() }
        resetAction = { [unowned self] in onReset() }
        reduceMotion.onChange = { [unowned self] in onReduceMotion($0) }
        slowAnimations.onChange = { [unowned self] in onSlowAnimations($0) }
        semantics = Semantics(label: "Inspector")
    }

    /// Builds the rows for a scene's settings with their current values; `swiftUI`: whether
    /// the scene can be copied as SwiftUI.
    func show(sceneTitle: String, settings: [SceneSetting], values: [String: String], swiftUI: Bool) {
        list.removeAllChildren()
        rows = settings.map { s in
            let row = InspectorRow(s, value: values[s.name] ?? s.defaultText ?? "")
            row.onChange = { [unowned self] in onChange(s.name, $0) }
            return row
        }
        list.addChild(TextNode(sceneTitle, style: .title3, weight: .bold).accessibility(traits: [.header]))
        if rows.isEmpty { list.addChild(TextNode("This scene has no settings.", style: .subheadline, color: .secondaryLabel)) }
        for r in rows { list.addChild(r.node) }
        func toggleRow(_ t: Toggle, _ title: String) -> Node {
            let label = TextNode(title, style: .subheadline, weight: .semibold).accessibility(hidden: true)
            return HStack(spacing: 8, [label, Spacer(minLength: 4), t])
        }
        list.addChild(TextNode("Motion", style: .headline).accessibility(traits: [.header]))
        list.addChild(toggleRow(reduceMotion, "Reduce Motion"))
        list.addChild(toggleRow(slowAnimations, "Slow animations (×10)"))
        list.addChild(reset)
        list.addChild(TextNode("Command line", style: .headline).accessibility(traits: [.header]))
        list.addChild(commandLine.frame(maxWidth: .infinity, alignment: .leading))
        list.addChild(copy)
        list.addChild(TextNode("SwiftUI", style: .headline).accessibility(traits: [.header]))
        if swiftUI {
            list.addChild(TextNode("The SwiftUI components with these settings, to paste into Xcode.", style: .footnote, color: .secondaryLabel)
                .frame(maxWidth: .infinity, alignment: .leading))
            list.addChild(copySwiftUI)
        } else {
            list.addChild(TextNode("This scene is Lumen's own: it has no SwiftUI.", style: .footnote, color: .secondaryLabel)
                .frame(maxWidth: .infinity, alignment: .leading))
        }
        setNeedsLayout()
    }

    /// Shows new values (after a reset) without rebuilding the controls.
    func update(values: [String: String]) {
        for r in rows { r.update(values[r.setting.name] ?? r.setting.defaultText ?? "") }
    }

    /// The command line shown under the settings.
    func setCommandLine(_ text: String) { commandLine.string = text }
}
