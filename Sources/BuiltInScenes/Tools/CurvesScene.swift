import Animation
import Geometry
import Input
import Render
import Scenes
import Widgets

/// The curve inspector: a list of curves and springs, the selected one plotted as progress
/// over time with a dot moving along it, and a ball moving by that progress, so a designer
/// sees a curve before using it. ↑/↓ choose; `--set curve=SPEC` starts on any curve.
/// With Reduce Motion the dot and ball stay at the end (m toggles it live).
public final class CurvesScene: ConfigurableScene {
    public let root: Node
    public var background: Color { .groupedBackground }
    public var isAnimating: Bool { !context.motion.reduceMotion }
    public static let name = "curves"
    public static let title = "Animation curves"
    public static let keys = [KeyHelp("↑ ↓", "choose a curve")]
    public static let summary = "the curve inspector: a timing curve or spring plotted, with a dot moving along it"
    public static var settings: [SceneSetting] { [curve.setting] }

    private let context: SceneContext
    private var specs: [String]
    private var selected: Int
    private let plot: CurvePlot
    private let rows: [TextNode]
    private let rowBackgrounds: [ShapeNode]
    private let subtitle: TextNode
    private let motionNote: TextNode
    private let ball: Node
    private let trackWidth = 760.0
    private var sceneTime = 0.0
    /// Seconds of stillness between passes.
    static let pause = 0.8

    static let curve = SettingKey("curve", help: "the curve or spring to show, as for `lumen curve` (default easeInOut)",
                                  default: "easeInOut", control: .text) {
        (v: String) throws(SettingError) in try CurveSpec.parse(v)
    }

    public init(context: SceneContext) throws(SettingError) {
        self.context = context
        var specs = CurveSpec.presets
        var selected = specs.firstIndex(of: "easeInOut") ?? 0
        if let custom = context.settings[CurvesScene.curve.name] {
            _ = try context.value(CurvesScene.curve)
            if let i = specs.firstIndex(of: custom) { selected = i } else { specs.append(custom); selected = specs.count - 1 }
        }
        self.specs = specs
        self.selected = selected
        plot = CurvePlot(try CurveSpec.parse(specs[selected]))

        var texts: [TextNode] = [], backs: [ShapeNode] = []
        let list = VStack(spacing: 2, alignment: .leading, specs.map { spec in
            let t = TextNode(spec, style: .body)
            let bg = ShapeNode(.roundedRect(radius: 10, style: .continuous), fill: nil)
            texts.append(t); backs.append(bg)
            return t.padding(Insets(vertical: 8, horizontal: 12)).frame(width: 300, alignment: .leading).background(bg)
        })
        rows = texts
        rowBackgrounds = backs
        subtitle = TextNode("", style: .subheadline, color: .secondaryLabel)
        motionNote = TextNode("", style: .footnote, color: .secondaryLabel)
        let ballNode = ShapeNode(.ellipse, fill: .color(.accent)).frame(width: 28, height: 28)
        ballNode.shadow = ShadowStyle(color: Color.black.opacity(0.2), radius: 6, y: 2)
        ball = ballNode
        let track = ZStack(alignment: .leading, [
            ShapeNode(.roundedRect(radius: 3, style: .circular), fill: .color(Color(r: 209, g: 209, b: 214))).frame(width: trackWidth, height: 6),
            ballNode,
        ]).frame(width: trackWidth + 28, height: 40, alignment: .leading)

        let header = VStack(spacing: 4, alignment: .leading, [
            TextNode("Curves", style: .largeTitle, weight: .bold),
            subtitle,
            TextNode("↑ ↓ choose a curve · m toggles Reduce Motion · q quits", style: .footnote, color: .secondaryLabel),
        ])
        let chart = VStack(spacing: 16, alignment: .leading, [
            plot.frame(width: 788, height: 420),
            track,
            motionNote,
        ])
        root = VStack(spacing: 24, alignment: .leading, [header, HStack(spacing: 28, alignment: .top, [list, chart])])
            .padding(32)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        context.motion.observe { [weak self] _ in self?.refresh() }
        refresh()
    }

    private var animation: Animation { plot.animation }

    private func refresh() {
        for (i, (t, bg)) in zip(rows, rowBackgrounds).enumerated() {
            t.font = .style(.body, weight: i == selected ? .semibold : .regular)
            t.color = i == selected ? .white : .black
            bg.fill = i == selected ? .color(.accent) : nil
            t.accessibility(traits: i == selected ? [.text, .selected] : [.text])
        }
        let a = animation
        let kind: String
        if case .spring(let s) = a.motion {
            kind = String(printf: "spring: response %.3f s, damping fraction %.3f · stiffness %.2f, damping %.2f · settles in %.3f s",
                          s.response, s.dampingFraction, s.stiffness, s.damping, a.passDuration)
        } else {
            kind = String(printf: "curve: %.3f s", a.passDuration)
        }
        subtitle.string = "\(specs[selected]) — \(kind)"
        motionNote.string = context.motion.reduceMotion
            ? "Reduce Motion is on: the dot and the ball stay at the end. Press m to preview the motion."
            : "The dot follows the curve; the ball moves by the same progress."
        update(time: sceneTime)
    }

    public func update(time: Double) {
        sceneTime = time
        let pass = animation.passDuration
        let t = context.motion.reduceMotion ? pass : min(time.truncatingRemainder(dividingBy: pass + CurvesScene.pause), pass)
        plot.time = t
        let (value, _) = animation.unitProgress(pass > 0 ? t / pass : 1)
        ball.transform = .translation(value * trackWidth, 0)
    }

    /// ↑/← and ↓/→ choose the previous and next curve.
    public func key(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .up, .left: select(selected - 1)
        case .down, .right: select(selected + 1)
        default: return false
        }
        return true
    }

    private func select(_ i: Int) {
        selected = (i + specs.count) % specs.count
        if let a = try? CurveSpec.parse(specs[selected]) { plot.animation = a }
        refresh()
    }
}
