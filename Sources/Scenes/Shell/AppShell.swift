import Geometry
import Render
import Widgets

/// What the window shows around a scene: the navigation bar on top, the scene's tree below it,
/// and the help overlay over both when it is open. The scene's tree is swapped in place when
/// another scene opens, so the widget tree (and the window's hold on it) stays the same.
package final class AppShell: Node {
    package let bar: NavigationBar
    package let help: HelpOverlay
    package let inspector: Inspector
    package let performance = PerformanceOverlay()
    /// A kiosk playlist's last frame of the previous entry, fading over the next one's start
    /// (hidden otherwise; touches go through it to the scene).
    package let cover: ImageNode
    /// What the cover holds while hidden (nothing).
    static func emptyCover() -> ImageAsset { ImageAsset(name: "no cover", state: .failed("no cover")) }
    /// The current scene's root.
    package private(set) var content: Node
    /// Whether the bar shows (off for bare renders and, later, kiosks).
    package let showsBar: Bool

    /// The back button was pressed.
    package var onBack: () -> Void = {}
    /// The help button, or the help's close button, was pressed.
    package var onHelp: () -> Void = {}
    /// The bar's inspector button was pressed.
    package var onInspect: () -> Void = {}
    /// The bar's record button was pressed.
    package var onRecord: () -> Void = {}

    package init(showsBar: Bool) {
        // The buttons call through to the handlers set later (self does not exist yet here).
        var backAction: () -> Void = {}, helpAction: () -> Void = {}, inspectAction: () -> Void = {}, recordAction: () -> Void = {}
        bar = NavigationBar(onBack: { backAction() }, onHelp: { helpAction() }, onInspect: { inspectAction() },
                            onRecord: { recordAction() })
        help = HelpOverlay(onClose: { helpAction() })
        inspector = Inspector()
        content = Node()
        cover = ImageNode(AppShell.emptyCover(), contentMode: .fill)
        self.showsBar = showsBar
        super.init(children: [content, cover, inspector, bar, performance, help])
        backAction = { [unowned self] in self.onBack() }
        helpAction = { [unowned self] in self.onHelp() }
        inspectAction = { [unowned self] in self.onInspect() }
        recordAction = { [unowned self] in self.onRecord() }
        bar.isHidden = !showsBar
        help.isHidden = true
        inspector.isHidden = true
        performance.isHidden = true
        cover.isHidden = true
        cover.hitTestBehavior = .none
        cover.semantics.hidden = true
    }

    /// Shows `root` in place of the current scene.
    package func show(_ root: Node) {
        content.removeFromParent()
        content = root
        insertChild(root, at: 0)
        setNeedsLayout()
    }

    /// Whether the inspector is open.
    package var isShowingInspector: Bool { !inspector.isHidden }
    package func setInspectorVisible(_ visible: Bool) { setVisible(inspector, visible) }

    /// Whether the performance overlay shows.
    package var isShowingPerformance: Bool { !performance.isHidden }
    package func setPerformanceVisible(_ visible: Bool) { setVisible(performance, visible) }

    /// Whether the help overlay is open.
    package var isShowingHelp: Bool { !help.isHidden }
    package func setHelpVisible(_ visible: Bool) { setVisible(help, visible) }

    /// Shows or hides one of the shell's parts and lays the shell out again.
    private func setVisible(_ part: Node, _ visible: Bool) {
        guard part.isHidden == visible else { return }
        part.isHidden = !visible
        setNeedsLayout()
    }

    /// The shell fills whatever it is offered.
    package override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: Size(width: 640, height: 400))
    }

    package override func placeChildren(in size: Size) {
        let top = showsBar ? NavigationBar.height : 0
        bar.place(at: .zero, size: Size(width: size.width, height: top))
        // As the window places a root: offered the space, centred at the size it answers, but
        // pinned to the top/leading edge when larger (so a small window shows its start).
        // The inspector sits beside the scene on a wide window and over its right side on a
        // narrow one (a phone-sized or portrait window).
        let panel = inspector.isHidden ? 0 : min(Inspector.width, size.width)
        let beside = size.width - panel >= 480
        inspector.place(at: Point(x: size.width - panel, y: top), size: Size(width: panel, height: max(size.height - top, 0)))
        inspector.shadow = beside ? nil : ShadowStyle(color: Color.black.opacity(0.2), radius: 16)
        let space = Size(width: size.width - (beside ? panel : 0), height: max(size.height - top, 0))
        let s = content.sizeThatFits(ProposedSize(space))
        func origin(_ room: Double, _ used: Double) -> Double { used > room ? 0 : ((room - used) / 2).rounded() }
        content.place(at: Point(x: origin(space.width, s.width), y: top + origin(space.height, s.height)), size: s)
        cover.place(at: .zero, size: size)
        help.place(at: .zero, size: help.isHidden ? .zero : size)
        // Top right of the scene, clear of the bar and the inspector.
        let o = PerformanceOverlay.size
        performance.place(at: Point(x: max(space.width - o.width - 12, 0), y: top + 12), size: performance.isHidden ? .zero : o)
    }
}
