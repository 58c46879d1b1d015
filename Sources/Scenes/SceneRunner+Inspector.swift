import Animation
import FoundationEssentials
import Geometry
import Widgets

/// The inspector: the current scene's settings edited live. A change is the same thing as a
/// `--set` on the command line: the scene is built again with its new settings (its list
/// keeps its scroll position), so the panel and `--set` are one mechanism.
extension SceneRunner {
    /// Opens or closes the inspector.
    public func toggleInspector() {
        shell.setInspectorVisible(!shell.isShowingInspector)
        if shell.isShowingInspector { refreshInspector(rebuild: true) }
        tree.damageAll()
    }

    /// The current scene's settings as given (not its defaults).
    var currentSettings: [String: String] { sceneSettings[type(of: scene).name] ?? [:] }

    /// Wires the panel's controls to the runner (once).
    func connectInspector() {
        let inspector = shell.inspector
        inspector.onChange = { [weak self] name, value in self?.set(name, to: value) }
        inspector.onReset = { [weak self] in self?.resetSettings() }
        inspector.onReduceMotion = { [weak self] on in
            guard let self else { return }
            context.motion.reduceMotion = on
            refreshInspector(rebuild: false)
        }
        inspector.onSlowAnimations = { [weak self] on in self?.clock.slowdown = on ? 10 : 1 }
        inspector.onCopy = { [weak self] in
            guard let self else { return }
            clipboardRequest = commandLine
            log("copied: \(commandLine)")
        }
        inspector.onCopySwiftUI = { [weak self] in
            guard let self, let code = swiftUICode else { return }
            clipboardRequest = code
            log("copied the \(type(of: scene).title) as SwiftUI (\(code.split(separator: "\n").count) lines)")
        }
    }

    /// Shows the current scene's settings (rebuilding the rows when the scene changed).
    func refreshInspector(rebuild: Bool) {
        let inspector = shell.inspector
        if rebuild {
            inspector.show(sceneTitle: type(of: scene).title, settings: type(of: scene).declaredSettings, values: currentSettings,
                           swiftUI: catalog.tools.contains(.swiftUIExport) && swiftUICode != nil)
        }
        inspector.reduceMotion.setOn(context.motion.reduceMotion)
        inspector.slowAnimations.setOn(clock.slowdown > 1)
        inspector.setCommandLine(commandLine)
    }

    /// Sets one setting of the current scene, as `--set NAME=VALUE` would, and rebuilds the
    /// scene with it. A value the setting refuses is logged and changes nothing.
    public func set(_ name: String, to value: String?) {
        var settings = currentSettings
        settings[name] = value
        apply(settings)
    }

    /// Every setting of the current scene back to its default.
    public func resetSettings() {
        apply([:])
        shell.inspector.update(values: [:])
    }

    private func apply(_ settings: [String: String]) {
        let type = type(of: scene)
        do {
            try SceneCatalog.validate(settings, for: type)
            // One setting changed: the scene may take it in place, animated as it animates.
            let old = currentSettings
            let changed = Set(old.keys).union(settings.keys).filter { old[$0] != settings[$0] }
            if changed.count == 1, let name = changed.first,
               let value = settings[name] ?? type.declaredSettings.first(where: { $0.name == name })?.defaultText {
                let applied = withAnimation(context.motion.reduceMotion ? nil : .smooth) { scene.applyLive(name, value) }
                if applied {
                    sceneSettings[type.name] = settings
                    refreshInspector(rebuild: false)
                    return
                }
            }
            let offset = tree.mainScrollView?.offset
            try rebuild(settings: settings)
            if let offset { scroll(to: offset) }
            refreshInspector(rebuild: false)
        } catch {
            log(error.message)
        }
    }

    /// The command that starts the app as it is now (its catalog's command): the scene, its
    /// settings in the order the scene declares them, Reduce Motion, the user's photos.
    public var commandLine: String {
        let type = type(of: scene)
        var parts = [environment.catalog.command, "--scene", type.name]
        let settings = currentSettings
        for s in type.declaredSettings { if let v = settings[s.name] { parts += ["--set", SceneRunner.quoted("\(s.name)=\(v)")] } }
        if context.motion.reduceMotion { parts.append("--reduce-motion") }
        if !environment.photoSource.isEmpty { parts += ["--images"] + environment.photoSource.map(SceneRunner.quoted) }
        return parts.joined(separator: " ")
    }

    /// The scene as SwiftUI for its current settings and photos (nil: it has none).
    package var swiftUICode: String? {
        let input = SwiftUIInput(settings: currentSettings, photos: environment.photos, photoSource: environment.photoSource)
        do { return try SceneCatalog.swiftUI(of: type(of: scene), input) } catch { return nil }
    }

    /// A word as a POSIX shell reads it: as it is when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_=.,/:#+@%".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
