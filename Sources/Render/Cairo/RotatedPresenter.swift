import CCairo
import Geometry
import Pixels

/// Shows frames laid out in a turned (logical) space on a window that is not turned
/// (`--rotate`): frames are drawn into a buffer of the logical size, and each damaged region is
/// copied into the window turned by the rotation (a whole-pixel turn, sampled NEAREST, which
/// pixman does with its rotation fast paths), then presented. A window drawn on the GPU
/// (`turnsOnTheGPU`) is handed the turn instead: its renderer copies the frame in turned.
package final class RotatedPresenter: Presenter {
    private let inner: Presenter
    /// How the picture is turned.
    public let rotation: DisplayRotation
    private let turnsOnTheGPU: Bool
    private var buffer = PixelBuffer(width: 1, height: 1)

    /// A presenter showing frames on `inner` turned by `rotation`; `turnsOnTheGPU` where `inner` turns them
    /// itself.
    public init(_ inner: Presenter, rotation: DisplayRotation, turnsOnTheGPU: Bool = false) {
        self.inner = inner
        self.rotation = rotation
        self.turnsOnTheGPU = turnsOnTheGPU
    }

    public var pixelWidth: Int { rotation.swapsAxes ? inner.pixelHeight : inner.pixelWidth }
    /// The frame's height in pixels (the window's width when turned a quarter).
    public var pixelHeight: Int { rotation.swapsAxes ? inner.pixelWidth : inner.pixelHeight }

    public func draw(_ body: (RenderTarget) -> Void) {
        let w = pixelWidth, h = pixelHeight
        if turnsOnTheGPU {
            inner.draw { t in
                guard case .window(_, let ww, let wh, let stale) = t.storage else { return }
                body(RenderTarget(storage: .window(rotation: rotation, windowWidth: ww, windowHeight: wh, stale: stale), width: w, height: h))
            }
            return
        }
        if buffer.width != w || buffer.height != h { buffer = PixelBuffer(width: w, height: h) }
        body(RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: buffer.width, height: buffer.height,
                          stride: buffer.stride * 4))
    }

    public func present(damage: Rect, scale: Double) {
        let window = Size(width: Double(inner.pixelWidth), height: Double(inner.pixelHeight))
        if turnsOnTheGPU { return inner.present(damage: damage, scale: scale) }
        inner.draw { target in
            let logical = Rect(x: damage.x * scale, y: damage.y * scale, width: damage.width * scale, height: damage.height * scale)
            let r = rotation.toWindow(logical, window: window).integral()
            let dst = cairo_image_surface_create_for_data(target.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(target.width), Int32(target.height), Int32(target.stride))!
            let src = CairoSurface.wrap(buffer)
            let cr = cairo_create(dst)!
            let pattern = cairo_pattern_create_for_surface(src)!
            var m = cairo_matrix_t(rotation.windowToLogical(window: window))
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
            cairo_set_source(cr, pattern)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
            cairo_destroy(cr)
            cairo_surface_flush(dst)
            cairo_surface_destroy(dst)
            cairo_surface_destroy(src)
        }
        let points = Size(width: window.width / scale, height: window.height / scale)
        inner.present(damage: rotation.toWindow(damage, window: points), scale: scale)
    }
}
