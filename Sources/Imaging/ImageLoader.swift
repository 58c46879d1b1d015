import Dispatch
import Effects
import FoundationEssentials
import Geometry
import Glibc
import Pixels
import Render
import SystemSupport

/// Loads photos on a background queue and hands them to the main thread.
///
/// `image(at:)` returns an `ImageAsset` at once, in its loading state, so a placeholder
/// shows; the decode runs on a utility queue; `deliver()` (called by the app loop on the main
/// thread each turn) resolves finished assets, which makes their nodes redraw. A file that
/// fails becomes a failed asset (a visible placeholder) and one log line with its full path
/// and the reason (`lumen: /photos/x.gif: 65535×65535 exceeds the 100-megapixel limit`).
public final class ImageLoader {
    /// Finished decodes waiting for the main thread. Locked: written by the decode queue.
    final class Inbox: @unchecked Sendable {
        private struct State {
            var items: [(Int, Result<PixelBuffer, ImageDecoder.Failure>)] = []
            var pending = 0
        }
        private let state = Locked(State())
        private let done = Condition()
        /// Called from the decode queue after each result (e.g. to wake an SDL loop).
        var wake: (@Sendable () -> Void)?

        func started() { state.withLock { $0.pending += 1 } }
        func put(_ id: Int, _ r: Result<PixelBuffer, ImageDecoder.Failure>) {
            state.withLock { $0.items.append((id, r)); $0.pending -= 1 }
            done.lock(); done.broadcast(); done.unlock()
            wake?()
        }
        /// Outstanding work that delivers nothing (a thumbnail written to disk) is done.
        func finished() {
            state.withLock { $0.pending -= 1 }
            done.lock(); done.broadcast(); done.unlock()
        }
        func take() -> [(Int, Result<PixelBuffer, ImageDecoder.Failure>)] {
            state.withLock { state in defer { state.items.removeAll() }; return state.items }
        }
        var outstanding: Int { state.withLock { $0.pending } }
        func waitForChange() { done.lock(); done.wait(seconds: 0.05); done.unlock() }
    }

    private let queue = DispatchQueue(label: "lumen.image-decode", qos: .utility, attributes: .concurrent)
    private let inbox = Inbox()
    /// Assets by path, held weakly: a photo's pixels live as long as a node shows it (a lazy
    /// list's off-screen rows let theirs go) and are decoded again when needed.
    private final class WeakAsset { weak var asset: ImageAsset?; init(_ a: ImageAsset) { asset = a } }
    private var assets: [String: WeakAsset] = [:]
    /// Ids of assets being decoded again, and whether one arrived since `takeReloaded`.
    private var reloading: Set<Int> = []
    private var reloaded = false
    /// Assets being decoded, with their paths, by asset id.
    private var waiting: [Int: (asset: ImageAsset, path: String)] = [:]
    /// The most pixels a photo is decoded to.
    public let maxPixels: Int
    /// Where failure lines go (stderr by default).
    public var log: (String) -> Void = { StandardError.message($0) }

    /// The budget every decoded photo counts against (shared with the renderer's copies).
    package let memory: ImageMemory

    /// A loader decoding at most `maxPixels` a photo, its images counted in `memory`, by
    /// `decoder` (the app passes its sandboxed worker pool; in this process by default).
    package init(maxPixels: Int = ImageDecoder.defaultMaxPixels, memory: ImageMemory = ImageMemory(),
                 decoder: PhotoDecoding = InProcessDecoding()) {
        self.maxPixels = maxPixels
        self.memory = memory
        self.decoder = decoder
    }

    /// Images the app drew itself (a component's preview images), by key: drawn once for this
    /// loader's life and reused when a scene is opened again, never shared with another
    /// loader (another window, another app's runner). Main thread.
    package var drawnImages: [String: ImageAsset] = [:]
    /// Pictures of scenes the home screen drew, by scene, for one size and set of photos
    /// (`drawnPicturesKey`); reused as `drawnImages` are, and let go when either changes.
    package var drawnPictures: [String: PixelBuffer] = [:]
    /// The size and photos `drawnPictures` were drawn for.
    package var drawnPicturesKey = ""

    /// Called from the decode queue when a result is ready (thread-safe callers only).
    public func setWake(_ wake: @escaping @Sendable () -> Void) { inbox.wake = wake }

    /// The asset for a file, loading it on first request (one asset per path and size while
    /// in use). Its pixels count against `memory`; if the budget takes them back, the next frame
    /// that needs them decodes the file again.
    ///
    /// With `box`, the size in pixels the photo is shown at by `mode` (filling it, cropped, or
    /// fitting inside it), the photo is kept no larger than that needs: read from
    /// the freedesktop thumbnail cache when a thumbnail covers it and a valid one is there, else
    /// decoded at the smallest size that covers it (written to the cache for next time when it
    /// fits a thumbnail size and the original is larger).
    /// `diskCache: false` keeps the thumbnail cache out of it (the app's own bundled photos).
    public func image(at path: String, shownIn box: Size? = nil, mode: ContentMode = .fill, diskCache: Bool = true) -> ImageAsset {
        let key = box.map { "\(path)\u{0}\(Int($0.width.rounded(.up)))x\(Int($0.height.rounded(.up)))\(mode)" } ?? path
        if let a = assets[key]?.asset { return a }
        let asset = ImageAsset(name: path.split(separator: "/").last.map(String.init) ?? path)
        asset.memory = memory
        asset.reload = { [weak self] a in self?.decode(a, path: path, shownIn: box.map { ($0, mode) }, diskCache: diskCache, again: true) }
        assets[key] = WeakAsset(asset)
        if assets.count > 256 { assets = assets.filter { $0.value.asset != nil } }
        decode(asset, path: path, shownIn: box.map { ($0, mode) }, diskCache: diskCache)
        return asset
    }

    /// Forgets the assets of `path` (every size), so the next request reads the file again
    /// (it was rewritten). Nodes still showing the old asset keep it until they are rebuilt.
    public func forget(_ path: String) {
        assets = assets.filter { key, _ in key != path && !key.hasPrefix(path + "\u{0}") }
    }

    /// The freedesktop thumbnail cache thumbnails are read from and written to (nil: none).
    package var thumbnails: ThumbnailCache? = ThumbnailCache()

    /// Who decodes this loader's photos.
    package let decoder: PhotoDecoding

    /// Decodes `path` on the queue for `asset`, which `deliver` resolves.
    private func decode(_ asset: ImageAsset, path: String, shownIn target: (Size, ContentMode)?, diskCache: Bool = true, again: Bool = false) {
        guard waiting[asset.id] == nil else { return }
        if again { reloading.insert(asset.id) }
        waiting[asset.id] = (asset, path)
        inbox.started()
        let cache = diskCache ? thumbnails : nil
        let inbox = self.inbox, id = asset.id, decoder = self.decoder
        let cap = maxPixels
        queue.async {
            // The thumbnail cache's key is the original's URI and mtime (a stat, here).
            let key = target != nil && cache != nil ? ThumbnailCache.key(for: path) : nil
            let job = DecodeJob(maxPixels: cap, box: target?.0, mode: target?.1 ?? .fill, thumbnailKey: key)
            let result = decoder.decode(path: path, job: job, thumbnails: cache)
            guard case .success(let photo) = result, let size = photo.cacheAs, let cache else { inbox.put(id, result.map(\.pixels)); return }
            // The photo goes to the screen first; its thumbnail is written to disk after (counted
            // as outstanding work, so `waitForAll` also waits for it).
            inbox.started()
            inbox.put(id, .success(photo.pixels))
            cache.write(photo.pixels, for: path, size: size, originalSize: (photo.originalWidth, photo.originalHeight))
            inbox.finished()
        }
    }

    /// Resolves every finished asset (main thread). Returns how many were resolved.
    @discardableResult
    public func deliver() -> Int {
        let done = inbox.take()
        for (id, result) in done {
            guard let (asset, path) = waiting.removeValue(forKey: id) else { continue }
            if reloading.remove(id) != nil { reloaded = true }
            switch result {
            case .success(let pixels): asset.resolve(.ready(pixels))
            case .failure(let f):
                LogFields.$current.withValue(LogFields(priority: .warning, file: path, worker: f.worker)) {
                    log("\(LogText.escaped(path)): \(f.reason)")
                }
                asset.resolve(.failed(f.reason))
            }
        }
        return done.count
    }

    /// Whether a photo decoded again after the memory budget took it back has arrived since the
    /// last call: the frame it was missing from must be drawn again.
    public var hasReloaded: Bool { reloaded }

    /// `hasReloaded`, cleared.
    public func takeReloaded() -> Bool {
        defer { reloaded = false }
        return reloaded
    }

    /// Photos being decoded (or waiting for a thread to decode them).
    public var pendingCount: Int { waiting.count }

    /// Whether some decodes have not been delivered yet.
    public var isBusy: Bool { !waiting.isEmpty }

    /// Blocks until every requested image is decoded, then delivers them (headless renders).
    public func waitForAll() {
        while inbox.outstanding > 0 { inbox.waitForChange() }
        deliver()
    }
}
