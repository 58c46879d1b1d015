import CCairo
import Dispatch
import FoundationEssentials
import Geometry
import Synchronization
import SystemSupport

/// Draws display lists with Cairo (pixman SIMD) into premultiplied ARGB32 pixels.
/// Layers with pixelate and projection effects are composited by hand: the layer is drawn offscreen, then mosaicked or resampled into the frame.
///
/// A frame whose damage is large is drawn in horizontal bands, one per thread: each band is
/// its own Cairo context over the same pixels, clipped to its rows, replaying the whole
/// display list (read-only). The image cache is only read while bands draw (what they used is
/// noted after the frame); the other caches they share are used under one lock, and the
/// memory budget evicts nothing until every band is done. A band gives the same bytes as the
/// whole frame drawn at once.
package final class CairoRenderer: Renderer {
    /// Scaled colour and gray copies of photos.
    package let images: ImageCache
    let shadows: ShadowCache
    let gradients: GradientCache
    /// Drop-shadow layers as drawn, for the next frames.
    let layerRasters: LayerRasterCache
    /// Memory for the surfaces a frame makes and throws away, kept for the next frame.
    let scratch = ScratchPool()
    /// Threads a large frame is drawn on (1: the calling thread only).
    public var threads: Int
    /// Damage smaller than this many device pixels is drawn as one band: replaying the list
    /// twice would cost more than it saves.
    public static let minimumBandedPixels = 160_000
    /// No band is thinner than this many rows.
    static let minimumBandRows = 64
    /// Bands of the last frame (tests, the performance overlay).
    public private(set) var lastBandCount = 1
    /// Parts of exact copies bands made from mip levels for sizes that move (tests).
    public let bandCopiesMade = Atomic<Int>(0)

    /// Guards what bands share: the caches, the memory budget, the photos' states.
    private let shared = Lock()

    /// A renderer whose scaled photo copies count against `memory` (the app's one budget,
    /// shared with the loader). With `scalesInBackground` (windows, bench) a photo's copy at a
    /// new size is made off the main thread and `wake` is called when it lands; headless
    /// renders scale at once so their pixels are repeatable. `threads` defaults to the cores.
    public init(memory: ImageMemory = ImageMemory(), scalesInBackground: Bool = false, threads: Int = CairoRenderer.defaultThreads,
                wake: (@Sendable () -> Void)? = nil) {
        images = ImageCache(memory: memory)
        shadows = ShadowCache(memory: memory)
        gradients = GradientCache(memory: memory)
        layerRasters = LayerRasterCache(memory: memory)
        self.threads = max(threads, 1)
        images.scalesInBackground = scalesInBackground
        images.wake = wake
        shadows.usesStandIns = scalesInBackground
    }

    /// The machine's cores (at most 8).
    public static var defaultThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

    public var hasArrivals: Bool { images.hasArrivals || shadows.settling }

    /// Runs `body` holding the lock on what bands share.
    func locked<T>(_ body: () -> T) -> T {
        shared.withLock { body() }
    }

    public func render(_ list: DisplayList, into target: RenderTarget, scale: Double, damage: Rect?, background: Color) {
        guard target.width > 0, target.height > 0, target.isInMemory else { return }
        images.takeArrivals()
        images.dropCopiesOfGoneImages()
        shadows.beginFrame()
        let whole = Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
        let region = damage.map { Rect(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale).integral() }
        let area = (region ?? whole).intersection(whole)
        let bands = CairoRenderer.bandRows(area, threads: threads)
        lastBandCount = bands.count
        let uses: [ImageUse] = images.memory.holdingEvictions {
            if bands.count <= 1 { return drawBand(list, into: target, scale: scale, clip: area, background: background) }
            // Bands read the list and the image cache and write disjoint rows; the other caches
            // they share are behind `shared`.
            nonisolated(unsafe) let renderer = self, list = list, target = target
            nonisolated(unsafe) var all: [ImageUse] = []
            DispatchQueue.concurrentPerform(iterations: bands.count) { i in
                let used = renderer.drawBand(list, into: target, scale: scale, clip: bands[i], background: background)
                renderer.locked { all += used }
            }
            return all
        }
        images.endFrame(uses)
        shadows.endFrame()
        scratch.endFrame()
        images.requestUnloaded()
    }

    /// The device-pixel rows of `area` split into up to `threads` bands of whole rows, or
    /// `area` alone when it is too small to split.
    static func bandRows(_ area: Rect, threads: Int) -> [Rect] {
        let rows = Int(area.height)
        guard threads > 1, area.width * area.height >= Double(CairoRenderer.minimumBandedPixels) else { return [area] }
        let n = min(threads, max(rows / CairoRenderer.minimumBandRows, 1))
        guard n > 1 else { return [area] }
        return (0..<n).map { i in
            let y0 = rows * i / n, y1 = rows * (i + 1) / n
            return Rect(x: area.x, y: area.y + Double(y0), width: area.width, height: Double(y1 - y0))
        }
    }
}
