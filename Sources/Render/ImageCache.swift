import CCairo
import Effects

/// Scaled copies of photos, one per (image, pixel size), in colour and in gray, bounded in
/// bytes and evicted least-recently-used first. Frames then draw them 1:1.
public final class ImageCache {
    struct Key: Hashable { let id: Int; let width: Int; let height: Int; let gray: Bool }

    final class Entry {
        let buffer: PixelBuffer
        let surface: OpaquePointer
        var lastUse: Int
        init(_ buffer: PixelBuffer, tick: Int) {
            self.buffer = buffer
            surface = CairoSurface.wrap(buffer)
            lastUse = tick
        }
        deinit { cairo_surface_destroy(surface) }
    }

    /// The most pixel memory kept, in bytes.
    public let byteLimit: Int
    public private(set) var byteCount = 0
    /// Scaled copies made since the start (a miss costs a resample).
    public private(set) var misses = 0
    private var entries: [Key: Entry] = [:]
    private var tick = 0

    public init(byteLimit: Int = 256 << 20) { self.byteLimit = byteLimit }

    public var entryCount: Int { entries.count }

    /// The copy of `image` at w×h pixels, in colour or gray, made on first request.
    func entry(_ image: ImageAsset, pixels: PixelBuffer, width w: Int, height h: Int, gray: Bool) -> Entry {
        tick += 1
        let key = Key(id: image.id, width: w, height: h, gray: gray)
        if let e = entries[key] { e.lastUse = tick; return e }
        misses += 1
        let buffer: PixelBuffer
        if gray {
            buffer = Luma.grayscale(entry(image, pixels: pixels, width: w, height: h, gray: false).buffer)
        } else {
            buffer = CairoSurface.scaled(pixels, width: w, height: h)
        }
        let e = Entry(buffer, tick: tick)
        entries[key] = e
        byteCount += buffer.byteCount
        evict(keeping: key)
        return e
    }

    /// Drops every copy of one image (e.g. when it is unloaded).
    public func remove(imageID: Int) {
        for (k, e) in entries where k.id == imageID { byteCount -= e.buffer.byteCount; entries[k] = nil }
    }

    private func evict(keeping keep: Key) {
        guard byteCount > byteLimit else { return }
        let order = entries.filter { $0.key != keep }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (k, e) in order {
            if byteCount <= byteLimit { break }
            byteCount -= e.buffer.byteCount
            entries[k] = nil
        }
    }
}
