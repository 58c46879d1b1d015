import Animation
import Geometry
import Imaging
import Input
import Widgets

/// Moving between scenes: the home screen opens one; Escape, Backspace, the bar's back button or
/// a swipe from the left edge go back; the app's own keys.
extension SceneRunner {
    /// Whether the home screen is showing.
    public var isHome: Bool { scene is HomeScene }

    /// What the window's title says: the scene's title, or the app's name at home.
    public var title: String { isHome ? catalog.title : "\(type(of: scene).title) — \(catalog.title)" }

    /// Opens the scene called `name` in place of the current one (the one being left is let
    /// go: its animations and timers stop). Done after the input or timer that asked for it.
    public func open(_ name: String) { pendingOpen = name }

    /// Opens what was asked for, if anything.
    func openPending() {
        guard let name = pendingOpen else { return }
        pendingOpen = nil
        guard let type = catalog.scene(named: name) else { log("no scene '\(name)'"); return }
        openNow(type)
    }

    /// Opens a scene of `type` now, with its settings.
    @discardableResult
    func openNow(_ type: any Scene.Type) -> Bool {
        let name = type.name
        // Settings belong to the scene they were given for (`--set`, or the inspector).
        let settings = sceneSettings[name] ?? [:]
        clock.removeAll()
        tree.resetInput()
        shell.setHelpVisible(false)
        do {
            (scene, context) = try SceneRunner.make(type, settings: settings, loader: loader, clock: clock, environment: environment)
        } catch {
            log(error.message)
            return false
        }
        sceneTimeOrigin = -clock.now
        scene.update(time: 0)
        present(type)
        // The shell's lists go on moving; the scene that left is not in the tree any more, so
        // none of its lists is resumed (a fling of it would tick on, detached, for nothing).
        tree.resumeMotions()
        refreshInspector(rebuild: true)
        return true
    }

    /// Builds a scene of `type` with its context (the home screen's cards open scenes through it).
    static func make(_ type: any Scene.Type, settings: [String: String], loader: ImageLoader, clock: AnimationClock,
                     environment e: Environment) throws(SettingError) -> (any Scene, SceneContext) {
        let context = SceneContext(catalog: e.catalog, assets: e.assets, resources: e.resources, loader: loader, clock: clock,
                                   motion: e.motion, settings: settings,
                                   photos: e.photos, photoSource: e.photoSource, scale: e.scale, largestSize: e.largestSize,
                                   listingPhotos: e.listingPhotos)
        let scene = try type.init(context: context)
        return (scene, context)
    }

    /// Builds the current scene again with `settings` (the inspector, changed photos) and
    /// swaps it in: its time goes on, the old one's animations and timers stop.
    func rebuild(settings: [String: String]) throws(SettingError) {
        let type = type(of: scene)
        let made = try SceneRunner.make(type, settings: settings, loader: loader, clock: clock, environment: environment)
        clock.removeAll()
        (scene, context) = made
        sceneSettings[type.name] = settings
        scene.update(time: sceneTimeOrigin + clock.now)
        present(type)
        tree.resumeMotions()
    }

    /// Puts the current scene in the shell under a bar titled for it.
    func present(_ type: any Scene.Type) {
        context.open = { [weak self] in self?.open($0) }
        shell.show(scene.root)
        shell.bar.show(title: isHome ? catalog.title : type.title, back: !isHome && catalog.hasHome,
                       inspect: !isHome && catalog.hasInspector, over: scene.background)
        tree.damageAll()
    }

    /// Opens or closes the help overlay with the current scene's keys.
    func toggleHelp() {
        if !shell.isShowingHelp { shell.help.show(sceneTitle: type(of: scene).title, sceneKeys: type(of: scene).keys, catalog: catalog) }
        shell.setHelpVisible(!shell.isShowingHelp)
        tree.resetInput()
        tree.damageAll()
    }

    /// The app's keys, after the focused control (a text field types them) and the scene had
    /// their chance; returns whether one was used.
    func appKey(_ k: KeyEvent) -> Bool {
        if let c = tree.focusedControl, c.key(k) { return true }
        if !shell.isShowingHelp, scene.key(k) { return true }
        switch k.key {
        case .escape, .backspace:
            if shell.isShowingHelp { toggleHelp() } else if !isHome && catalog.hasHome { open(HomeScene.name) } else { return false }
        case .character("?"), .function(1):
            toggleHelp()
        case .character("/") where k.shift:
            toggleHelp()
        case .character("q"):
            quitRequested = true
        case .character("i") where !isHome && catalog.hasInspector:
            toggleInspector()
        case .character("s"):
            screenshotRequested = true
        case .character("r"):
            recordingToggleRequested = true
        case .character("f"):
            shell.setPerformanceVisible(!shell.isShowingPerformance)
            tree.damageAll()
        case .character("m"):
            context.motion.reduceMotion.toggle()
            log("Reduce Motion \(context.motion.reduceMotion ? "on" : "off")")
            refreshInspector(rebuild: false)
        default:
            return false
        }
        return true
    }

    /// A finger that goes down within 20 pt of the left edge and moves 60 pt right (more across
    /// than down) goes home; the scene under it sees the touch cancelled. True when the event
    /// was taken.
    func swipedFromEdge(_ p: PointerEvent) -> Bool {
        guard p.kind == .touch, !isHome, catalog.hasHome else { return false }
        switch p.phase {
        case .down:
            if p.location.x <= 20 { edgeSwipe = (p.id, p.location) }
        case .move:
            guard let s = edgeSwipe, s.id == p.id else { return false }
            let d = p.location - s.start
            if d.x >= 60, d.x > 2 * abs(d.y) {
                edgeSwipe = nil
                var cancel = p
                cancel.phase = .cancel
                tree.handle(.pointer(cancel))
                open(HomeScene.name)
                return true
            }
        case .up, .cancel:
            if edgeSwipe?.id == p.id { edgeSwipe = nil }
        }
        return false
    }
}
