import Render
import Pixels

/// How a window's frames reach the screen.
package enum PresentPath: String, Sendable, CaseIterable {
    /// A streaming texture on an accelerated SDL renderer with vsync when the system has one
    /// (a real GPU, not a software rasterizer), else the window surface.
    case auto
    /// SDL's window surface: Cairo draws straight into it, damaged rectangles are sent.
    case surface
    /// A streaming texture on SDL's renderer (vsync where it has it): damaged rectangles are
    /// uploaded, the texture drawn and presented.
    case texture
    /// An OpenGL ES 3.0 context on the window, swapped with vsync: for the GPU renderer
    /// (`--renderer gl`, or `auto` on a real GPU), not a `--present` choice.
    case gl
}

extension WindowPresenter {
    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer { snapshot() }
    func close() {}
}

/// A window's pixels and the call that shows them: the window surface or a texture.
protocol WindowPresenter: Presenter {
    /// The window's size changed: take the new one (false if that failed).
    func refresh() -> Bool
    /// A copy of what is on screen, opaque.
    func snapshot() -> PixelBuffer
    /// The same into `reuse` where it fits and the presenter can (a recording's frames).
    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer
    /// Whether presenting waits for the display's vertical blank by itself.
    var pacesItself: Bool { get }
    /// What it is, for the log ("surface", "texture on opengl (NVIDIA …), vsync").
    var summary: String { get }
    /// Lets go of what it made on the window (a texture and its renderer, a GL context, shared
    /// buffers), before the window closes; nothing is drawn after it. Called again, it does
    /// nothing. (SDL's KMS driver unloads EGL with its window: a renderer destroyed after that
    /// called into unmapped code.)
    func close()
}
