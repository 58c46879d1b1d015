import Effects
import Geometry
import Synchronization

/// A photo as the renderer knows it: loading, ready with its full-size pixels, or failed
/// with a reason. The App's loader fills it in from a background queue by calling `resolve`
/// on the main thread; widgets observe it to redraw when it changes.
///
/// Threading: main thread only (the loader hops back to it before resolving).
public final class ImageAsset {
    public enum State {
        case loading
        case ready(PixelBuffer)
        case failed(String)
    }

    private static let lastID = Atomic<Int>(0)

    /// Unique per asset; the renderer's cache keys on it.
    public let id: Int
    /// The file name or description used in logs and placeholders.
    public let name: String
    public private(set) var state: State
    private var observers: [(ImageAsset) -> Void] = []

    public init(name: String, state: State = .loading) {
        id = ImageAsset.lastID.add(1, ordering: .relaxed).newValue
        self.name = name
        self.state = state
    }

    /// A ready asset from pixels already in memory.
    public convenience init(name: String, pixels: PixelBuffer) { self.init(name: name, state: .ready(pixels)) }

    /// Pixels when ready.
    public var pixels: PixelBuffer? { if case .ready(let p) = state { return p } else { return nil } }
    public var isLoading: Bool { if case .loading = state { return true } else { return false } }
    /// The failure reason, when failed.
    public var failure: String? { if case .failed(let r) = state { return r } else { return nil } }

    /// Size in pixels when ready.
    public var pixelSize: Size? { pixels.map { Size(width: Double($0.width), height: Double($0.height)) } }

    /// Sets the final state and tells every observer, once: the state never changes again, so
    /// the observers are let go (a kiosk cycling photos all day keeps no trail of them).
    public func resolve(_ newState: State) {
        state = newState
        let waiting = observers
        observers.removeAll()
        for o in waiting { o(self) }
    }

    /// Calls `observer` when a loading asset resolves. An asset already resolved will not change,
    /// so nothing is kept.
    public func observe(_ observer: @escaping (ImageAsset) -> Void) {
        guard isLoading else { return }
        observers.append(observer)
    }

    /// Observers waiting for this asset (for tests).
    var observerCount: Int { observers.count }
}
