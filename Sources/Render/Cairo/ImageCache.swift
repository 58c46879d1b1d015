import CCairo
import Dispatch
import Effects
import Foundation

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

    // MARK: Scaling in the background

    /// Make missing copies on a background queue (the window does; headless renders and tests
    /// scale at once so their pixels are repeatable). Until a copy lands, the photo is drawn
    /// from a copy of another size, or from its full-size pixels, filtered bilinearly.
    public var scalesInBackground = false
    /// Called from the worker when a copy is ready (the host wakes its loop and redraws).
    public var wake: (@Sendable () -> Void)?

    final class Inbox: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(Key, PixelBuffer)] = []
        func put(_ k: Key, _ b: PixelBuffer) { lock.lock(); items.append((k, b)); lock.unlock() }
        func take() -> [(Key, PixelBuffer)] { lock.lock(); defer { lock.unlock() }; let out = items; items.removeAll(); return out }
        var isEmpty: Bool { lock.lock(); defer { lock.unlock() }; return items.isEmpty }
    }
    private let inbox = Inbox()
    private var pending: Set<Key> = []
    /// Full-size pixels wrapped for stand-in drawing, by image id (few: they only bridge a frame or two).
    private var sources: [Int: Entry] = [:]

    /// Whether copies made in the background are waiting to be used (the frame should be redrawn).
    public var hasArrivals: Bool { !inbox.isEmpty }

    /// Moves finished background copies into the cache.
    func takeArrivals() {
        for (key, buffer) in inbox.take() {
            pending.remove(key)
            tick += 1
            entries[key] = Entry(buffer, tick: tick)
            byteCount += buffer.byteCount
            evict(keeping: key)
        }
        if pending.isEmpty { sources.removeAll() }
    }

    /// The copy to draw now: the exact one (true), or a stand-in of another size (false) while
    /// the exact one is made in the background.
    func drawable(_ image: ImageAsset, pixels: PixelBuffer, width w: Int, height h: Int, gray: Bool) -> (Entry, Bool) {
        let key = Key(id: image.id, width: w, height: h, gray: gray)
        if let e = entries[key] { tick += 1; e.lastUse = tick; return (e, true) }
        guard scalesInBackground else { return (entry(image, pixels: pixels, width: w, height: h, gray: gray), true) }
        let standIn = entries.filter { $0.key.id == image.id && $0.key.gray == gray }.max { $0.key.width < $1.key.width }?.value
        // Gray with nothing gray to stand in: make it now (a colour stand-in would flash colour).
        if gray && standIn == nil { return (entry(image, pixels: pixels, width: w, height: h, gray: gray), true) }
        if !pending.contains(key) {
            pending.insert(key)
            misses += 1
            let inbox = self.inbox, wake = self.wake
            DispatchQueue.global(qos: .userInitiated).async {
                let scaled = CairoSurface.scaled(pixels, width: w, height: h)
                inbox.put(key, gray ? Luma.grayscale(scaled) : scaled)
                wake?()
            }
        }
        if let s = standIn { return (s, false) }
        if let s = sources[image.id] { return (s, false) }
        let s = Entry(pixels, tick: tick)
        sources[image.id] = s
        return (s, false)
    }

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
