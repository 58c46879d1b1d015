import Geometry
import Render
import Widgets

/// The bar over every scene: a back button to the home screen (absent at home), the scene's
/// title in the middle, a record button (red, with the time recorded, while the window
/// records), the inspector and help buttons. Light over light scenes, dark over dark ones.
package final class NavigationBar: ProxyNode {
    /// The bar's height in points.
    package static let height = 48.0

    package let back: Button
    package let help: Button
    package let inspect: Button
    package let record: Button
    private let recordIcon: TextNode
    private let recordTime: TextNode
    /// Seconds recorded so far; nil while not recording.
    package private(set) var recordingSeconds: Double?
    private var tint = Color.accent
    private let title: TextNode
    private let backLabel: TextNode
    private let backIcon: TextNode
    private let helpIcon: TextNode
    private let inspectIcon: TextNode
    private let fill: ShapeNode
    private let rule: ShapeNode

    package init(onBack: @escaping () -> Void, onHelp: @escaping () -> Void, onInspect: @escaping () -> Void,
                onRecord: @escaping () -> Void = {}) {
        title = TextNode("", style: .headline, weight: .semibold)
        title.maxLines = 1
        backIcon = TextNode(Icon.arrowBack.text, font: .icons(size: 22), color: .accent)
        backLabel = TextNode("Home", style: .body, color: .accent)
        backLabel.maxLines = 1
        back = Button(label: "Home", content: HStack(spacing: 4, [backIcon, backLabel]).padding(Insets(vertical: 8, horizontal: 8)), action: onBack)
        helpIcon = TextNode(Icon.help.text, font: .icons(size: 24), color: .accent)
        help = Button(label: "Keys and help", content: helpIcon.padding(8), action: onHelp)
        inspectIcon = TextNode(Icon.tune.text, font: .icons(size: 24), color: .accent)
        inspect = Button(label: "Inspector", content: inspectIcon.padding(8), action: onInspect)
        recordIcon = TextNode(Icon.record.text, font: .icons(size: 22), color: .accent)
        recordTime = TextNode("", style: .subheadline, weight: .semibold, color: .red)
        recordTime.maxLines = 1
        recordTime.isHidden = true
        record = Button(label: "Record the window", content: HStack(spacing: 4, [recordIcon, recordTime]).padding(8), action: onRecord)
        for n in [backIcon, backLabel, helpIcon, inspectIcon, recordIcon, recordTime] as [Node] { n.semantics.hidden = true }
        fill = ShapeNode(.rect, fill: .color(.white))
        rule = ShapeNode(.rect, fill: .color(Color.black.opacity(0.15)))
        let buttons = HStack(spacing: 4, [back, Spacer(), record, inspect, help]).padding(Insets(vertical: 0, horizontal: 8))
        let content = ZStack([
            fill,
            title.padding(Insets(vertical: 0, horizontal: 96)),
            buttons,
            rule.frame(height: 0.5).frame(maxHeight: .infinity, alignment: .bottom),
        ]).frame(maxWidth: .infinity).frame(height: NavigationBar.height)
        super.init(content)
        title.semantics.traits = [.header]
    }

    /// Shows `title`, with the back button and the inspector's when asked, in colours that sit
    /// on `background`.
    package func show(title: String, back showsBack: Bool, inspect showsInspect: Bool, over background: Color) {
        self.title.string = title
        back.isHidden = !showsBack
        inspect.isHidden = !showsInspect
        back.setNeedsLayout()
        let dark = background.luminance < 0.5
        fill.fill = .color(dark ? Color(r: 28, g: 28, b: 30) : Color(r: 249, g: 249, b: 249))
        rule.fill = .color(dark ? Color.white.opacity(0.15) : Color.black.opacity(0.15))
        self.title.color = dark ? .white : .black
        tint = dark ? Color(r: 10, g: 132, b: 255) : Color.accent
        for t in [backIcon, backLabel, helpIcon, inspectIcon] { t.color = tint }
        showRecording(recordingSeconds)
    }

    /// The record button as a stop button in red with the time recorded ("0:12"), or back
    /// to a record button (nil).
    package func showRecording(_ seconds: Double?) {
        let wasRecording = recordingSeconds != nil
        recordingSeconds = seconds
        recordIcon.string = (seconds == nil ? Icon.record : Icon.stop).text
        recordIcon.color = seconds == nil ? tint : .red
        recordTime.isHidden = seconds == nil
        if let seconds {
            let s = Int(seconds)
            recordTime.string = "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
        }
        record.semantics.label = seconds == nil ? "Record the window" : "Stop recording"
        if wasRecording != (seconds != nil) { record.setNeedsLayout() }
    }
}
