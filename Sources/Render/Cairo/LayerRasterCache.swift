import CCairo
import Geometry

/// Drawn layers kept for the next frames (Flutter's raster cache, for one effect): a layer
/// with a drop shadow (a caption over the moving hero) costs its drawing, a conversion to a
/// mask and a blur every frame, though what it draws has not changed. Keyed by the layer's
/// commands, effect and bounds and by where it falls on the pixel grid, so a layer moved by
/// whole device pixels is reused; layers drawing photos are not kept (a photo's pixels may
/// still be on their way). At most 8, counted against the image memory budget.
final class LayerRasterCache {
    struct Key: Hashable {
        /// A copy of the layer's own commands (a slice would keep the whole frame's list alive).
        let commands: [DrawCommand]
        let effect: LayerEffect
        let bounds: Rect
        /// The layer's user → layer-surface matrix (the device matrix less the whole pixels of
        /// the surface's origin).
        let xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double
    }

    /// A layer as drawn (ARGB32) and its blurred silhouette (A8).
    final class Raster: SurfaceOwner {
        let surface: OpaquePointer
        let mask: OpaquePointer
        init(surface: OpaquePointer, mask: OpaquePointer) {
            self.surface = cairo_surface_reference(surface)
            self.mask = cairo_surface_reference(mask)
        }
        deinit { cairo_surface_destroy(surface); cairo_surface_destroy(mask) }
        var byteCount: Int {
            Int(cairo_image_surface_get_stride(surface) * cairo_image_surface_get_height(surface)
                + cairo_image_surface_get_stride(mask) * cairo_image_surface_get_height(mask))
        }
    }

    private let rasters: SurfaceCache<Key, Raster>

    init(memory: ImageMemory) { rasters = SurfaceCache(limit: 8, memory: memory) }

    /// Layers held now.
    var count: Int { rasters.count }
    /// Bytes held now.
    var byteCount: Int { rasters.byteCount }

    /// The key for the layer opened at `start` in `list` (closed at `end`), or nil when it is
    /// not worth keeping or cannot be kept.
    static func key(_ list: DisplayList, start: Int, end: Int, effect: LayerEffect, bounds: Rect, layerMatrix m: cairo_matrix_t) -> Key? {
        guard case .dropShadow = effect else { return nil }
        let inner = list.commands[(start + 1)..<end]
        guard !inner.contains(where: { if case .image = $0 { return true } else { return false } }) else { return nil }
        return Key(commands: Array(inner), effect: effect, bounds: bounds, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
    }

    subscript(key: Key) -> Raster? { rasters[key] }

    func insert(_ raster: Raster, for key: Key) { rasters.insert(raster, for: key) }
}
