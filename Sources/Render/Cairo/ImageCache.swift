import CCairo
import Dispatch
import Effects
import FoundationEssentials

/// Scaled copies of photos, one per (image, pixel size), in colour and in gray, counted in the
/// app's one `ImageMemory` budget with the photos themselves and evicted least recently used
/// first. Frames then draw them 1:1.
public final class ImageCache {
    struct Key: Hashable { let id: Int; let width: Int; let height: Int; let gray: Bool }

    final class Entry {
        let buffer: PixelBuffer
        let surface: OpaquePointer
        init(_ buffer: PixelBuffer) {
            self.buffer = buffer
            surface = CairoSurface.wrap(buffer)
        }
        deinit { cairo_surface_destroy(surface) }
    }

    /// The budget the copies count against (shared with the loader's photos).
    public let memory: ImageMemory
    /// Scaled copies made since the start (a miss costs a resample).
    public private(set) var misses = 0
    private var entries: [Key: Entry] = [:]
    /// The photo each id belongs to, held weakly: a photo that went (its scene closed, a
    /// kiosk's playlist moved on) takes its copies with it instead of leaving them to fill the
    /// budget until they are the least recently used.
    private var owners: [Int: WeakImage] = [:]
    private struct WeakImage { weak var image: ImageAsset? }

    public init(memory: ImageMemory = ImageMemory()) { self.memory = memory }

    /// A renderer that goes gives its copies' bytes back to the budget, which outlives it.
    deinit { for e in entries.values { memory.remove(e) } }

    public var entryCount: Int { entries.count }
    /// Bytes of the copies held now.
    public var byteCount: Int { entries.values.reduce(0) { $0 + $1.buffer.byteCount } }

    // MARK: Scaling in the background

    /// Make missing copies on a background queue (the window does; headless renders and tests
    /// scale at once so their pixels are repeatable). Until a copy lands, the photo is drawn
    /// from a copy of another size, or from its pixels, filtered bilinearly; a gray copy with
    /// nothing gray to stand in shows the placeholder colour for that frame or two.
    public var scalesInBackground = false
    /// Called from the worker when a copy is ready (the host wakes its loop and redraws).
    public var wake: (@Sendable () -> Void)?

    final class Inbox: @unchecked Sendable {
        private let lock = Lock()
        private var items: [(Key, PixelBuffer)] = []
        func put(_ k: Key, _ b: PixelBuffer) { lock.lock(); items.append((k, b)); lock.unlock() }
        func take() -> [(Key, PixelBuffer)] { lock.lock(); defer { lock.unlock() }; let out = items; items.removeAll(); return out }
        var isEmpty: Bool { lock.lock(); defer { lock.unlock() }; return items.isEmpty }
    }
    private let inbox = Inbox()
    private var pending: Set<Key> = []
    /// Unloaded photos a frame wanted: decoded again when the frame is done.
    private var unloadedAskedFor: [ImageAsset] = []
    /// Full-size pixels wrapped for stand-in drawing, by image id (few: they only bridge a frame or two).
    private var sources: [Int: Entry] = [:]

    /// Whether copies made in the background are waiting to be used (the frame should be redrawn).
    public var hasArrivals: Bool { !inbox.isEmpty }

    /// Moves finished background copies into the cache (those of photos still here).
    func takeArrivals() {
        for (key, buffer) in inbox.take() {
            pending.remove(key)
            if owners[key.id]?.image != nil { store(Entry(buffer), at: key) }
        }
        if pending.isEmpty { sources.removeAll() }
    }

    /// Drops the copies of photos that no longer exist (once a frame: a dictionary walk).
    func dropCopiesOfGoneImages() {
        let gone = owners.filter { $0.value.image == nil }.map(\.key)
        for id in gone {
            owners[id] = nil
            sources[id] = nil
            remove(imageID: id)
        }
    }

    /// Asks the loader again for the photos the last frame found unloaded.
    func requestUnloaded() {
        let assets = unloadedAskedFor
        unloadedAskedFor.removeAll()
        for a in assets { a.requestPixels() }
    }

    private func store(_ e: Entry, at key: Key) {
        entries[key] = e
        memory.add(e, bytes: e.buffer.byteCount) { [weak self] in self?.drop(key) }
    }

    private func drop(_ key: Key) {
        guard let e = entries.removeValue(forKey: key) else { return }
        memory.remove(e)
    }

    /// The copy to draw now: the exact one (true), or a stand-in of another size (false) while
    /// the exact one is made; nil when there is nothing to draw yet (an unloaded photo being
    /// decoded again, or a gray copy on its way with no gray stand-in).
    func drawable(_ image: ImageAsset, pixels: PixelBuffer?, width w: Int, height h: Int, gray: Bool) -> (Entry, Bool)? {
        // The photo at its own size in colour is the photo: drawn from its pixels, not copied
        // (the hero at its deepest zoom, a photo shown at its size).
        if !gray, let pixels, pixels.width == w, pixels.height == h { return (Entry(pixels), true) }
        let key = Key(id: image.id, width: w, height: h, gray: gray)
        if let e = entries[key] { memory.touch(e); return (e, true) }
        owners[image.id] = WeakImage(image: image)
        let standIn = entries.filter { $0.key.id == image.id && $0.key.gray == gray }.max { $0.key.width < $1.key.width }?.value
        guard let pixels else {
            // The photo's pixels went back to the budget: decode it again once the frame is
            // drawn (the loader is the main thread's), draw what is here.
            if !unloadedAskedFor.contains(where: { $0 === image }) { unloadedAskedFor.append(image) }
            return standIn.map { ($0, false) }
        }
        guard scalesInBackground else { return (entry(image, pixels: pixels, width: w, height: h, gray: gray), true) }
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
        if gray { return nil }   // a colour stand-in would flash colour
        if let s = sources[image.id] { return (s, false) }
        let s = Entry(pixels)
        sources[image.id] = s
        return (s, false)
    }

    /// The copy of `image` at w×h pixels, in colour or gray, made now.
    func entry(_ image: ImageAsset, pixels: PixelBuffer, width w: Int, height h: Int, gray: Bool) -> Entry {
        let key = Key(id: image.id, width: w, height: h, gray: gray)
        if let e = entries[key] { memory.touch(e); return e }
        owners[image.id] = WeakImage(image: image)
        misses += 1
        let buffer: PixelBuffer
        if gray {
            buffer = Luma.grayscale(entry(image, pixels: pixels, width: w, height: h, gray: false).buffer)
        } else {
            buffer = CairoSurface.scaled(pixels, width: w, height: h)
        }
        let e = Entry(buffer)
        store(e, at: key)
        return e
    }

    /// Drops every copy of one image (e.g. when it is unloaded).
    public func remove(imageID: Int) {
        for k in entries.keys where k.id == imageID { drop(k) }
    }
}
