import CSDL2
import CWindowSystem
import Geometry
import Render
import Pixels

/// Cairo's frames on Wayland without GL: the frame is kept in memory (Cairo draws only the
/// damage into it), and each present copies the damage, and what the reused buffer lacks, into
/// a wl_shm buffer the compositor has released, then attaches it with that damage, as X11's
/// shared-memory path does. SDL 2.26 has no such path: its Wayland "surface" is a texture of a
/// GL renderer (on Mesa's llvmpipe without a GPU), drawn whole every frame.
final class SharedMemoryPresenter: WindowPresenter {
    private let window: OpaquePointer
    private var shm: OpaquePointer?
    private var frame: PixelBuffer
    private var ring = DamageRing(capacity: 6)
    /// Damage not yet shown (no buffer was free when it was presented).
    private var pending: Rect?
    let pacesItself = false
    let summary = "wayland shared memory"

    init?(window: OpaquePointer) {
        guard let s = lumen_shm_open_window(UnsafeMutableRawPointer(window)) else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        guard w > 0, h > 0 else { lumen_shm_close(s); return nil }
        self.window = window
        shm = s
        frame = PixelBuffer(width: Int(w), height: Int(h))
    }

    deinit { close() }

    /// Gives the buffers back while the Wayland connection is still open (before SDL closes it).
    func close() {
        if let shm { lumen_shm_close(shm) }
        shm = nil
    }

    var pixelWidth: Int { frame.width }
    var pixelHeight: Int { frame.height }

    func refresh() -> Bool {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        guard w > 0, h > 0 else { return false }
        if Int(w) != frame.width || Int(h) != frame.height {
            frame = PixelBuffer(width: Int(w), height: Int(h))
            ring.reset()
            pending = nil
        }
        return true
    }

    func draw(_ body: (RenderTarget) -> Void) {
        body(RenderTarget(pixels: UnsafeMutableRawPointer(frame.pixels), width: frame.width, height: frame.height, stride: frame.stride * 4))
    }

    func present(damage: Rect, scale: Double) {
        let all = Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
        var px = Rect(x: damage.x * scale, y: damage.y * scale, width: damage.width * scale, height: damage.height * scale).integral().intersection(all)
        if let p = pending { px = px.union(p) }
        var age: Int32 = 0
        guard let shm, let pixels = lumen_shm_acquire(shm, Int32(frame.width), Int32(frame.height), &age) else {
            pending = px   // every buffer held: shown with the next frame
            return
        }
        pending = nil
        // What the buffer needs: this frame's damage and what it missed since it was shown.
        let stale = ring.stale(age: Int(age))
        let region = stale.map { px.union($0) }?.intersection(all) ?? all
        copy(region, into: pixels)
        ring.add(px)
        let shown = stale == nil ? all : px
        var rect: [Int32] = [Int32(shown.minX), Int32(shown.minY), Int32(shown.width), Int32(shown.height)]
        lumen_shm_present(shm, &rect, shown.isEmpty ? 0 : 1)
    }

    /// Copies `r` (whole pixels) of the frame into a buffer of the frame's size, opaque.
    private func copy(_ r: Rect, into pixels: UnsafeMutablePointer<UInt32>) {
        guard !r.isEmpty else { return }
        let x0 = Int(r.minX), w = Int(r.width)
        for y in Int(r.minY)..<Int(r.maxY) {
            (pixels + y * frame.width + x0).update(from: frame.pixels + y * frame.stride + x0, count: w)
        }
    }

    func snapshot() -> PixelBuffer {
        frame.opaqueCopy()
    }

    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer { frame.opaqueCopy(into: reuse) }
}
