import CAccessibility
import Geometry
import Glibc
import Synchronization
import Widgets
import SystemSupport

/// Lumen's accessible tree on AT-SPI, the way GTK 3 and Chromium do it on Linux: ATK objects
/// (a small C target, CAccessibility) bridged to the accessibility bus by atk-bridge, so Orca
/// and every AT-SPI client can read and operate the app.
///
/// The bridge runs on a thread of its own with its own GLib main context and comes up only
/// when an assistive technology listens (the accessibility bus's `IsEnabled`, watched, so Orca
/// started later is heard; `Mode` can force it or turn it off).
/// The main thread never waits on D-Bus: it hands over a snapshot of the tree when the tree
/// changed (`publish`), and takes the screen reader's requests (click, set a value, focus,
/// scroll to) from a queue at its own pace (`takeRequests`), waking its loop for them.
package final class AccessibilityBridge: @unchecked Sendable {
    /// What the screen reader asked, by node id, in order.
    private let requests = Locked<[(id: Int, action: AccessibleAction)]>([])
    private let wake: @Sendable () -> Void
    private var lastPublished: [AccessibleNode] = []
    private var lastFocused = -1
    private var lastFrame: (name: String, rect: Rect)?
    /// The bridge came up (an AT started listening): the tree must be handed over even if the
    /// window is idle.
    private let refresh = Atomic<Bool>(false)

    /// When the tree is exported.
    package enum Mode: Sendable {
        /// Never (`NO_AT_BRIDGE=1`, as GTK has it).
        case off
        /// While an assistive technology listens (the default).
        case whenAsked
        /// Always, without asking the accessibility bus.
        case always
    }

    /// Starts the bridge's thread (it returns at once; nothing else happens until an AT listens).
    /// `wake` is called from that thread when a request arrives. `sessionBus`: whether the
    /// session's D-Bus exists (`sessionBusExists`); the bridge never starts one.
    package init(applicationName: String, mode: Mode = .whenAsked, sessionBus: Bool, wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        let handler: LumenA11yRequestHandler = { context, id, kind, value, text in
            guard let context else { return }
            let bridge = Unmanaged<AccessibilityBridge>.fromOpaque(context).takeUnretainedValue()
            let action: AccessibleAction
            switch LumenA11yRequestKind(rawValue: UInt32(kind)) {
            case LUMEN_REQUEST_REFRESH:
                bridge.refresh.store(true, ordering: .relaxed)
                bridge.wake()
                return
            case LUMEN_REQUEST_CLICK: action = .click
            case LUMEN_REQUEST_SET_VALUE: action = .setValue(value)
            case LUMEN_REQUEST_FOCUS: action = .focus
            case LUMEN_REQUEST_SET_TEXT: action = .setText(text.map { String(cString: $0) } ?? "")
            default: action = .scrollTo
            }
            bridge.requests.withLock { $0.append((Int(id), action)) }
            bridge.wake()
        }
        // The bridge lives as long as the process (the C side keeps the pointer).
        let cMode = switch mode { case .off: LUMEN_A11Y_OFF; case .whenAsked: LUMEN_A11Y_WHEN_ASKED; case .always: LUMEN_A11Y_ALWAYS }
        lumen_a11y_start(applicationName, cMode, sessionBus, handler, Unmanaged.passRetained(self).toOpaque())
    }

    /// Whether a session bus exists in `environment` (the process's variables, as the app read
    /// them): `DBUS_SESSION_BUS_ADDRESS` is set, or `$XDG_RUNTIME_DIR/bus` is there.
    package static func sessionBusExists(environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return access(runtime + "/bus", F_OK) == 0
    }

    /// Whether an assistive technology listens: snapshots are only worth making then.
    package var isActive: Bool { lumen_a11y_is_active() }

    /// The requests that came since the last call.
    package func takeRequests() -> [(id: Int, action: AccessibleAction)] {
        requests.withLock { r in
            defer { r.removeAll() }
            return r
        }
    }

    /// Hands the tree over if it changed since the last time: `nodes` and the focused id from
    /// `WidgetTree.accessibleNodes()`, the frame's name (the window's title) and `toScreen`,
    /// which puts a rectangle of scene points on the screen (see `PlatformWindow`).
    package func publish(_ nodes: [AccessibleNode], focused: Int, frameName: String, frame: Rect, toScreen: (Rect) -> Rect) {
        guard isActive else { return }
        if !refresh.exchange(false, ordering: .relaxed), nodes == lastPublished, focused == lastFocused, lastFrame?.name == frameName, lastFrame?.rect == frame { return }
        lastPublished = nodes
        lastFocused = focused
        lastFrame = (frameName, frame)
        // The C strings live until lumen_a11y_publish has copied them.
        var strings: [UnsafeMutablePointer<CChar>?] = []
        defer { for s in strings { free(s) } }
        func c(_ s: String?) -> UnsafePointer<CChar>? {
            guard let s else { return nil }
            let p = strdup(s)
            strings.append(p)
            return UnsafePointer(p)
        }
        let out = nodes.map { n -> LumenA11yNode in
            let r = toScreen(n.frame)
            var c1 = LumenA11yNode()
            c1.id = Int64(n.id)
            c1.parent = Int64(n.parent)
            c1.role = Int32(AccessibilityBridge.role(n.role).rawValue)
            c1.name = c(n.name)
            c1.description = c(n.description)
            c1.value_text = c(n.valueText)
            if let range = n.range {
                c1.has_range = true
                c1.value = range.value; c1.minimum = range.minimum; c1.maximum = range.maximum; c1.step = range.step
            }
            c1.states = n.states.rawValue
            c1.clickable = n.clickable
            c1.x = Int32(r.minX.rounded()); c1.y = Int32(r.minY.rounded())
            c1.width = Int32(r.width.rounded()); c1.height = Int32(r.height.rounded())
            return c1
        }
        out.withUnsafeBufferPointer { buffer in
            lumen_a11y_publish(frameName, Int32(frame.minX.rounded()), Int32(frame.minY.rounded()), Int32(frame.width.rounded()),
                               Int32(frame.height.rounded()), buffer.baseAddress, Int32(buffer.count), Int64(focused))
        }
    }

    static func role(_ r: AccessibleNode.Role) -> LumenA11yRole {
        switch r {
        case .panel: LUMEN_ROLE_PANEL
        case .pushButton: LUMEN_ROLE_PUSH_BUTTON
        case .image: LUMEN_ROLE_IMAGE
        case .heading: LUMEN_ROLE_HEADING
        case .label: LUMEN_ROLE_LABEL
        case .scrollPane: LUMEN_ROLE_SCROLL_PANE
        case .list: LUMEN_ROLE_LIST
        case .slider: LUMEN_ROLE_SLIDER
        case .spinButton: LUMEN_ROLE_SPIN_BUTTON
        case .toggleButton: LUMEN_ROLE_TOGGLE_BUTTON
        case .pageTabList: LUMEN_ROLE_PAGE_TAB_LIST
        case .entry: LUMEN_ROLE_ENTRY
        }
    }
}
