import Geometry

/// Something that shows frames: a window's pixels and the call that puts a damaged region on
/// screen. Hosts draw with a `Renderer` into `draw`'s target, then `present` the damage.
package protocol Presenter: AnyObject {
    /// The size of the frames it shows, in device pixels.
    var pixelWidth: Int { get }
    /// The frame's height in pixels.
    var pixelHeight: Int { get }
    /// Runs `body` with the pixels of the next frame (locked for as long as it runs).
    func draw(_ body: (RenderTarget) -> Void)
    /// Shows the damaged region (points) on screen; `scale` is device pixels per point.
    func present(damage: Rect, scale: Double)
}
