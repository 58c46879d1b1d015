import CCairo
import Dispatch
import Geometry
import Pixels

/// The projection compositor: 3D rotations through Lumen's projective bilinear kernel.
extension CairoRenderer {
    /// Composites the layer through `projection` (in the layer's points), resampled bilinearly
    /// (`ProjectiveSampler`, pixman's sampling rule) into a scratch surface covering the visible
    /// part of the projected quad, then paints that into the parent, clipped to the quad, so
    /// the parent's clip applies and the quad's edges are antialiased.
    func compositeProjected(_ surface: OpaquePointer, projection: Projection, layer: CairoLayer) {
        let m = layer.matrix
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        // layer pixel → parent device pixel (+ the layer's origin) → user point → projected
        // point → parent device.
        let parentM = Projection([m.xx, m.xy, m.x0, m.yx, m.yy, m.y0, 0, 0, 1])
        guard let toUser = parentM.inverted() else { return }
        let pixelToDevice = Projection([1, 0, Double(layer.ox), 0, 1, Double(layer.oy), 0, 0, 1])
        let q = pixelToDevice.concatenating(toUser).concatenating(projection).concatenating(parentM)
        let corners = [Point(0, 0), Point(Double(w), 0), Point(0, Double(h)), Point(Double(w), Double(h))].compactMap { q.apply($0) }
        guard corners.count == 4, let inverse = q.inverted() else { return }
        // Only what the clip lets through needs resampling.
        let bbox = Rect.bounding(corners).integral().intersection(deviceClip(layer.parent).integral())
        guard !bbox.isEmpty else { return }
        let bx = bbox.x, by = bbox.y
        let tw = Int(bbox.width), th = Int(bbox.height)
        guard tw > 0, th > 0, tw < 1 << 14, th < 1 << 14 else { return }
        let (scratch, scratchMemory) = scratchSurface(width: tw, height: th, clearingRows: 0..<th)
        defer { self.scratch.give(scratchMemory) }
        // scratch pixel → parent device (+ bbox origin) → layer pixel.
        let t = Projection([1, 0, bx, 0, 1, by, 0, 0, 1]).concatenating(inverse)
        guard let srcBits = cairo_image_surface_get_data(surface), let dstBits = cairo_image_surface_get_data(scratch) else { return }
        let srcStride = Int(cairo_image_surface_get_stride(surface)) / 4
        let dstStride = Int(cairo_image_surface_get_stride(scratch)) / 4
        // Each scratch row's span across the projected quad (a pixel wider for the filter).
        let edges = [corners[0], corners[1], corners[3], corners[2]]
        let spans: [Range<Int>?] = (0..<th).map { row in
            let yc = by + Double(row) + 0.5
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<4 {
                let a = edges[k], b = edges[(k + 1) % 4]
                guard min(a.y, b.y) <= yc, max(a.y, b.y) >= yc else { continue }
                if abs(b.y - a.y) < 1e-9 { lo = min(lo, a.x, b.x); hi = max(hi, a.x, b.x); continue }
                let x = a.x + (yc - a.y) / (b.y - a.y) * (b.x - a.x)
                lo = min(lo, x); hi = max(hi, x)
            }
            guard lo <= hi else { return nil }
            let xa = max(Int((lo - bx).rounded(.down)) - 1, 0), xb = min(Int((hi - bx).rounded(.up)) + 1, tw)
            return xa < xb ? xa..<xb : nil
        }
        nonisolated(unsafe) let src = UnsafeRawPointer(srcBits).assumingMemoryBound(to: UInt32.self)
        nonisolated(unsafe) let dst = UnsafeMutableRawPointer(dstBits).assumingMemoryBound(to: UInt32.self)
        // Split the rows over the cores.
        let bands = th >= 64 ? 2 : 1
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            ProjectiveSampler.sample(source: src, width: w, height: h, stride: srcStride, into: dst, width: tw, stride: dstStride,
                                     inverse: t.m, rows: (th * band / bands)..<(th * (band + 1) / bands)) { spans[$0] }
        }
        cairo_surface_mark_dirty(scratch)

        // Only the projected quad: outside it pixman's inverse mapping can land back inside
        // the source (where w changes sign), so clip to the quad's outline.
        let parent = layer.parent
        cairo_save(parent)
        cairo_identity_matrix(parent)
        let quad = [corners[0], corners[1], corners[3], corners[2]]
        cairo_move_to(parent, quad[0].x, quad[0].y)
        for p in quad.dropFirst() { cairo_line_to(parent, p.x, p.y) }
        cairo_close_path(parent)
        cairo_clip(parent)
        cairo_set_source_surface(parent, scratch, bx, by)
        cairo_paint(parent)
        cairo_restore(parent)
        cairo_surface_destroy(scratch)
    }
}
