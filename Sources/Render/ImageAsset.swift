import Geometry
import Synchronization
import Pixels

/// A photo as the renderer knows it: loading, ready with its pixels, failed with a reason, or
/// unloaded (its pixels given back to the `ImageMemory` budget; its size is still known). The
/// loader fills it in from a background queue by calling `resolve` on the main thread, and
/// decodes it again when an unloaded asset's pixels are asked for; widgets observe it to redraw
/// when it changes.
///
/// Threading: main thread only (the loader hops back to it before resolving).
public final class ImageAsset {
    /// Where the picture is: still loading, decoded, or failed (with why).
    public enum State {
        /// Not decoded yet.
        case loading
        /// Decoded to these pixels.
        case ready(PixelBuffer)
        /// Not readable, for this reason.
        case failed(String)
        /// The pixels were given back to the memory budget; they are decoded again on demand.
        case unloaded(width: Int, height: Int)
    }

    private static let lastID = Atomic<Int>(0)

    /// Unique per asset; the renderer's cache keys on it.
    public let id: Int
    /// The file name or description used in logs and placeholders.
    public let name: String
    /// Loading, ready or failed.
    package private(set) var state: State
    private var observers: [(ImageAsset) -> Void] = []
    /// The budget its pixels count against, if any (the loader's).
    package var memory: ImageMemory?
    /// Decodes the asset again after it was unloaded (set by the loader).
    package var reload: ((ImageAsset) -> Void)?

    /// An asset called `name` (the cache's key) in `state`.
    public init(name: String, state: State = .loading) {
        id = ImageAsset.lastID.add(1, ordering: .relaxed).newValue
        self.name = name
        self.state = state
        isLive = false
    }

    /// A ready asset from pixels already in memory.
    public convenience init(name: String, pixels: PixelBuffer) { self.init(name: name, state: .ready(pixels)) }

    deinit { memory?.remove(self) }

    /// The frames of a video rather than a photo: each `showFrame` replaces the pixels, which
    /// renderers draw as they are (no scaled copy is kept of a picture that changes 30 times a
    /// second; the GPU uploads each frame once, into one texture).
    package let isLive: Bool
    /// How many frames a live asset has shown (renderers upload again when it changes).
    package private(set) var frameNumber = 0

    /// A live asset called `name`, loading until its first frame.
    package init(liveNamed name: String) {
        id = ImageAsset.lastID.add(1, ordering: .relaxed).newValue
        self.name = name
        state = .loading
        isLive = true
    }

    /// Shows a live asset's next frame (it is not counted in any memory budget: the frames'
    /// memory is the video's own). The first frame tells the observers, as a photo's arrival does.
    package func showFrame(_ pixels: PixelBuffer) {
        frameNumber += 1
        resolve(.ready(pixels))
    }

    /// Pixels when ready (and counted as used just now).
    public var pixels: PixelBuffer? {
        guard case .ready(let p) = state else { return nil }
        memory?.touch(self)
        return p
    }
    /// Pixels when ready, not counted as used (a frame's bands read them; the frame counts
    /// the use afterwards, on the main thread).
    package var peekPixels: PixelBuffer? {
        guard case .ready(let p) = state else { return nil }
        return p
    }
    /// Whether it is still loading.
    package var isLoading: Bool { if case .loading = state { return true } else { return false } }
    /// The failure reason, when failed.
    package var failure: String? { if case .failed(let r) = state { return r } else { return nil } }

    /// Whether the pixels went back to the budget (they come again on demand).
    package var isUnloaded: Bool { if case .unloaded = state { return true } else { return false } }

    /// Size in pixels when ready or unloaded.
    public var pixelSize: Size? {
        switch state {
        case .ready(let p): Size(width: Double(p.width), height: Double(p.height))
        case .unloaded(let w, let h): Size(width: Double(w), height: Double(h))
        case .loading, .failed: nil
        }
    }

    /// Sets the state that a load ended in and tells every observer, once; the observers are
    /// let go (a kiosk cycling photos all day keeps no trail of them). Ready pixels are counted
    /// against the memory budget.
    package func resolve(_ newState: State) {
        state = newState
        if case .ready(let p) = newState, let memory {
            memory.add(self, bytes: p.byteCount) { [weak self] in self?.unload() }
        }
        let waiting = observers
        observers.removeAll()
        for o in waiting { o(self) }
    }

    /// Gives the pixels back (the budget needs them); the size is kept.
    package func unload() {
        guard case .ready(let p) = state else { return }
        state = .unloaded(width: p.width, height: p.height)
        memory?.remove(self)
    }

    /// Asks for the pixels of an unloaded asset: it goes back to loading and the loader decodes
    /// it again. Nothing happens in any other state.
    package func requestPixels() {
        guard isUnloaded, let reload else { return }
        state = .loading
        reload(self)
    }

    /// Calls `observer` when a loading asset resolves. An asset already resolved will not change,
    /// so nothing is kept.
    package func observe(_ observer: @escaping (ImageAsset) -> Void) {
        guard isLoading else { return }
        observers.append(observer)
    }

    /// Observers waiting for this asset (for tests).
    var observerCount: Int { observers.count }
}
