import Geometry
import Render

/// Which scene to show and how: what every command that shows a scene takes (`--scene`,
/// `--size`, `--scale`, `--time`, `--scroll`, `--reduce-motion`, `--set`, `--bare`), and what tests ask for.
public struct SceneOptions: Equatable, Sendable {
    /// The scene's name.
    public var scene = "home"
    /// Window or canvas size in points.
    public var size = Size(width: 1280, height: 800)
    /// Device pixels per point; nil = the display's (windows) or 1 (render, bench).
    public var scale: Double?
    /// Scene time in seconds (render) or start time.
    public var time = 0.0
    /// Scroll offset in points for scenes with a scroll view.
    public var scroll = 0.0
    /// Whether Reduce Motion is on.
    public var reduceMotion = false
    /// `--set NAME=VALUE` settings for the scene's components.
    public var settings: [String: String] = [:]
    /// The byte budget for all decoded pixels (`--image-memory MB`).
    package var imageMemoryBytes = ImageMemory.defaultBudget
    /// Which renderer draws (`--renderer`); the app resolves it (Scenes knows only Cairo).
    package var rendererChoice = RendererChoice.auto
    /// Threads a large frame is drawn on (`--threads N`); nil = the machine's cores.
    package var threads: Int?
    /// The renderer these options ask for, counting its copies against `memory`.
    package func renderer(memory: ImageMemory, scalesInBackground: Bool = false,
                         wake: (@Sendable () -> Void)? = nil) -> CairoRenderer {
        CairoRenderer(memory: memory, scalesInBackground: scalesInBackground,
                      threads: threads ?? CairoRenderer.defaultThreads, wake: wake)
    }
    /// `--images PATH…`: the user's photos (files and folders) instead of the bundled ones.
    public var images: [String] = []
    /// The navigation bar over the scene (off with `--bare`: the scene alone).
    public var chrome = true
    /// `--kiosk`: the scene alone, no keys but the exit chord (Ctrl+Alt+Q), no way home.
    public var kiosk = false
    /// `--idle SECONDS`: a kiosk's attract loop starts after this long without input (0: never).
    package var idleTimeout = 60.0
    /// The defaults: the home screen, 1280 × 800 points.
    public init() {}
}
