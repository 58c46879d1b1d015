import CCairo
import Dispatch
import FoundationEssentials
import Pixels
import SystemSupport

/// What photos are drawn from, besides their own pixels: exact copies at the sizes they rest
/// at, and mip pyramids for sizes that move. Everything counts in the app's one `ImageMemory`
/// budget and goes with its photo.
///
/// A photo drawn at a size smaller than its pixels is drawn, in the window and `bench`
/// (`scalesInBackground`):
/// - from its **exact copy** at that size (GOOD filter, drawn 1:1) once the size has been the
///   same for `restFrames` frames in a row: a photo at rest looks exactly as it always did;
/// - until then, from the **mip level** its exact copy would start from (the smallest at or
///   above the size; the photo itself when that is under 2× larger): a size that changes every
///   frame (a scaling transition, an animated inspector change) makes no copy, each band making
///   just its rows of the copy from the level (`CairoRenderer+BandCopy`); a size the last frame
///   drew too, about to rest, has the level filtered bilinearly for the frame or two until its
///   copy. Levels are made once per photo on a background queue; until they land, the photo's
///   own pixels (colour) or its largest gray copy stand in.
///
/// Headless renders and tests make the exact copy at once (repeatable pixels).
///
/// Threading: during a frame's bands the cache is only read (`drawable`); what the bands
/// used comes back through `ImageUse`s and is noted on the drawing thread after the frame
/// (`endFrame`), where copies and levels are asked for and arrivals are taken in.
package final class ImageCache {
    /// A picture to draw from: a copy the cache made (an exact copy, a mip level) or a view of
    /// the photo's own pixels.
    package final class Entry {
        /// Size in pixels (kept when the pixels go to the GPU).
        package let width: Int, height: Int
        /// Bytes the picture counts for in the budget, on the CPU or, handed over, on the GPU.
        package let byteCount: Int
        /// Whether the cache made it (and may let its pixels go); false for the photo itself.
        package let isCopy: Bool
        /// The pixels and their Cairo surface; nil once handed to a GPU texture (`handOver`).
        package private(set) var buffer: PixelBuffer?
        /// The Cairo image surface over `buffer`; nil once handed to a GPU texture.
        package private(set) var surface: OpaquePointer?

        init(_ buffer: PixelBuffer, isCopy: Bool = true) {
            width = buffer.width; height = buffer.height; byteCount = buffer.byteCount
            self.isCopy = isCopy
            self.buffer = buffer
            surface = CairoSurface.wrap(buffer)
        }
        deinit { if let surface { cairo_surface_destroy(surface) } }

        /// What a GPU renderer keys its texture of this picture by: the copy itself, or the
        /// photo's own pixels (a view of them is made afresh for each draw).
        package var textureKey: AnyObject {
            if !isCopy, let buffer { return buffer }
            return self
        }

        /// A GPU renderer uploaded the copy: its CPU pixels go, and its place in the budget now
        /// counts the texture (same size: RGBA8 against ARGB32). A view of the photo's own
        /// pixels keeps them (copies are made from them). Drawing thread only, between frames'
        /// reads: a renderer that hands over does not draw in bands.
        package func handOver() {
            guard isCopy, let surface else { return }
            cairo_surface_destroy(surface)
            self.surface = nil
            buffer = nil
        }
    }

    /// Frames a size must be drawn in a row before its exact copy is made.
    package static let restFrames = 3

    /// Frames drawn without a photo after which its copies and levels go (its own pixels stay,
    /// the loader's): what is held is what the last seconds of motion drew, not every size a
    /// photo ever rested at. A scroll through a long list kept the copies and pyramids of each
    /// photo it passed until the 192 MB budget (performance.md, "An hour's soak").
    package static let idleFrames = 600

    /// The budget the copies count against (shared with the loader's photos).
    package let memory: ImageMemory
    /// Exact copies made since the start (a miss costs a GOOD resample).
    package private(set) var misses = 0
    /// Pyramids made since the start.
    package private(set) var pyramidsMade = 0
    private var photos: [Int: PhotoCopies] = [:]
    /// Frames drawn (the clock of the rest rule).
    private var frame = 0

    /// An empty cache whose pictures count in `memory`.
    package init(memory: ImageMemory = ImageMemory()) { self.memory = memory }

    /// A renderer that goes gives its copies' bytes back to the budget, which outlives it.
    deinit { for id in Array(photos.keys) { remove(imageID: id) } }

    /// Exact copies held now.
    package var entryCount: Int { photos.values.reduce(0) { $0 + $1.exact.count } }
    /// Bytes of the copies and levels held now.
    package var byteCount: Int {
        photos.values.reduce(0) { sum, p in
            sum + p.exact.values.reduce(0) { $0 + $1.byteCount } + (p.colourLevels?.byteCount ?? 0) + (p.grayLevels?.byteCount ?? 0)
        }
    }
    /// The exact copies' sizes of one photo (tests).
    package func copySizes(of image: ImageAsset) -> [(width: Int, height: Int, gray: Bool)] {
        (photos[image.id]?.exact.keys).map { $0.map { ($0.width, $0.height, $0.gray) } } ?? []
    }
    /// The exact copies of one photo (tests).
    package func copies(of image: ImageAsset) -> [Entry] { (photos[image.id]?.exact.values).map(Array.init) ?? [] }
    /// Whether a photo's pyramid of a kind is here (tests).
    package func hasLevels(of image: ImageAsset, gray: Bool) -> Bool { photos[image.id]?.levels(gray: gray) != nil }

    // MARK: Background work

    /// Make copies and levels on a background queue (the window and bench do).
    package var scalesInBackground = false
    /// Called from the worker when a copy or pyramid is ready (the host wakes its loop and redraws).
    package var wake: (@Sendable () -> Void)?

    enum Arrival { case exact(id: Int, size: PhotoCopies.Size, PixelBuffer), levels(id: Int, gray: Bool, [PixelBuffer]) }
    final class Inbox: @unchecked Sendable {
        private let items = Locked<[Arrival]>([])
        func put(_ a: Arrival) { items.withLock { $0.append(a) } }
        func take() -> [Arrival] { items.withLock { items in defer { items.removeAll() }; return items } }
        var isEmpty: Bool { items.withLock { $0.isEmpty } }
        var count: Int { items.withLock { $0.count } }
    }
    private let inbox = Inbox()
    private enum Job: Hashable { case exact(Int, PhotoCopies.Size), levels(Int, gray: Bool) }
    private var pending: Set<Job> = []
    /// Whether a photo was drawn from a level at a size that may yet come to rest: one more
    /// frame decides (the host draws it, so a photo that stopped gets its exact copy).
    private var settling = false
    /// Unloaded photos a frame wanted: decoded again when the frame is done.
    private var unloadedAskedFor: [ImageAsset] = []

    /// Whether every copy and pyramid asked for has been made (tests wait for it; the next frame takes them
    /// in).
    package var backgroundWorkDone: Bool { inbox.count == pending.count }

    /// Whether every copy the frames asked for is made and taken in, and no size is settling:
    /// the last frame drew every picture as it will stay.
    package var isSettled: Bool { pending.isEmpty && inbox.isEmpty && !settling }

    /// Whether the frame should be drawn again: copies or levels arrived, or a size may be at rest.
    package var hasArrivals: Bool { settling || !inbox.isEmpty }

    /// Moves finished background work into the cache (for photos still here). Called before a frame.
    package func takeArrivals() {
        for arrival in inbox.take() {
            switch arrival {
            case .exact(let id, let size, let buffer):
                pending.remove(.exact(id, size))
                if let p = photos[id], p.image != nil { storeExact(Entry(buffer), at: size, of: p, id: id) }
            case .levels(let id, let gray, let buffers):
                pending.remove(.levels(id, gray: gray))
                if let p = photos[id], p.image != nil { storeLevels(MipLevels(buffers), gray: gray, of: p, id: id) }
            }
        }
    }

    /// Drops the copies of photos that no longer exist (once a frame: a dictionary walk).
    package func dropCopiesOfGoneImages() {
        for (id, p) in photos where p.image == nil { remove(imageID: id) }
    }

    /// Asks the loader again for the photos the last frame found unloaded.
    package func requestUnloaded() {
        let assets = unloadedAskedFor
        unloadedAskedFor.removeAll()
        for a in assets { a.requestPixels() }
    }

    private func record(for image: ImageAsset) -> PhotoCopies {
        if let p = photos[image.id] { return p }
        let p = PhotoCopies(image)
        photos[image.id] = p
        return p
    }

    private func storeExact(_ e: Entry, at size: PhotoCopies.Size, of p: PhotoCopies, id: Int) {
        if let old = p.exact[size] { memory.remove(old) }
        if let pushed = p.store(e, at: size, frame: frame) { memory.remove(pushed) }
        memory.add(e, bytes: e.byteCount) { [weak self, weak p] in
            guard let p, p.exact[size] === e else { return }
            p.removeExact(size)
            self?.memory.remove(e)
        }
    }

    private func storeLevels(_ levels: MipLevels, gray: Bool, of p: PhotoCopies, id: Int) {
        if gray { p.grayLevels = levels } else { p.colourLevels = levels }
        memory.add(levels, bytes: levels.byteCount) { [weak self, weak p] in
            if gray { if p?.grayLevels === levels { p?.grayLevels = nil } } else if p?.colourLevels === levels { p?.colourLevels = nil }
            self?.memory.remove(levels)
        }
        pyramidsMade += 1
    }

    // MARK: Drawing

    /// The picture to draw `image` from at w × h pixels, in colour or gray, and whether it is
    /// exact (drawn 1:1) or another size (filtered to fit); nil when there is nothing to draw
    /// yet. Only reads the cache (bands call it at once); `use` says what to note after the frame.
    package func drawable(_ image: ImageAsset, pixels: PixelBuffer?, width w: Int, height h: Int, gray: Bool) -> Drawable? {
        let size = PhotoCopies.Size(width: w, height: h, gray: gray)
        // The photo at its own size in colour is the photo: drawn from its pixels, not copied.
        if !gray, let pixels, pixels.width == w, pixels.height == h { return Drawable(Entry(pixels, isCopy: false), exact: true, ImageUse(image: image, size: size, copy: nil)) }
        let p = photos[image.id]
        if let e = p?.exact[size] { return Drawable(e, exact: true, ImageUse(image: image, size: size, copy: e)) }
        let use = ImageUse(image: image, size: size, copy: nil)
        // A size the last frame drew too may be coming to rest (its copy is a frame or two
        // away): a level filtered bilinearly stands in; a size new this frame is moving.
        let moving = !(p?.wasDrawn(size, inFrame: frame) ?? false)
        // Less than 2× above the size, the photo itself is the level its copy starts from.
        if !gray, let pixels, pixels.width < 2 * w || pixels.height < 2 * h { return Drawable(Entry(pixels, isCopy: false), exact: false, use, moving: moving) }
        if let e = p?.levels(gray: gray)?.level(atLeast: w, h) { return Drawable(e, exact: false, use, moving: moving) }
        if !gray, let pixels { return Drawable(Entry(pixels, isCopy: false), exact: false, use) }
        if let e = p?.largestExact(gray: gray) { return Drawable(e, exact: false, use) }
        return nil   // a gray copy on its way: a colour stand-in would flash colour
    }

    /// What to draw a photo from: a picture, exact (1:1) or not (filtered to the size), and
    /// whether it is a level for a moving size; and what to note after the frame.
    package struct Drawable {
        /// The picture.
        package let entry: Entry
        /// Whether it is 1:1 with the size drawn (no filtering).
        package let exact: Bool
        /// What to note of the picture's use once the frame is drawn.
        package let use: ImageUse
        /// A mip level for a size that moves (drawn as its exact copy would be, band by band).
        package let moving: Bool
        init(_ entry: Entry, exact: Bool, _ use: ImageUse, moving: Bool = false) {
            self.entry = entry; self.exact = exact; self.use = use; self.moving = moving
        }
    }

    /// Notes what a frame's bands drew: copies used, sizes drawn, photos found unloaded; asks
    /// for pyramids and for exact copies of sizes now at rest. Called after the frame.
    package func endFrame(_ uses: [ImageUse]) {
        frame += 1
        settling = false
        var noted = Set<Job>()
        for use in uses {
            let id = use.image.id
            guard noted.insert(.exact(id, use.size)).inserted else { continue }   // two bands, one draw
            let p = record(for: use.image)
            let inARow = p.noteDrawn(use.size, frame: frame)
            let pixels = use.image.pixels   // counted as used just now
            if let copy = use.copy { memory.touch(copy); continue }
            guard let pixels else {
                if use.image.isUnloaded, !unloadedAskedFor.contains(where: { $0 === use.image }) { unloadedAskedFor.append(use.image) }
                continue
            }
            let own = !use.size.gray && pixels.width == use.size.width && pixels.height == use.size.height
            if own { continue }
            // Colour draws less than 2× below the photo start from the photo itself: no levels.
            let belowHalf = pixels.width >= 2 * use.size.width && pixels.height >= 2 * use.size.height
            if p.levels(gray: use.size.gray) == nil && (use.size.gray || belowHalf) { makeLevels(of: pixels, gray: use.size.gray, id: id) }
            if inARow >= Self.restFrames { makeExact(of: pixels, at: use.size, id: id) } else { settling = true }
        }
        for p in photos.values { p.forgetRuns(before: frame) }
        if frame % 60 == 0 { dropCopiesNotDrawn(since: frame - Self.idleFrames) }
    }

    /// Drops the copies and levels of photos not drawn since `frame` (a copy still on its way
    /// for one is dropped when it comes).
    func dropCopiesNotDrawn(since frame: Int) {
        for (id, p) in photos where p.lastFrameDrawn < frame { remove(imageID: id) }
    }

    private func makeLevels(of pixels: PixelBuffer, gray: Bool, id: Int) {
        guard pending.insert(.levels(id, gray: gray)).inserted else { return }
        let inbox = self.inbox, wake = self.wake
        DispatchQueue.global(qos: .userInitiated).async {
            inbox.put(.levels(id: id, gray: gray, MipLevels.pictures(of: pixels, gray: gray)))
            wake?()
        }
    }

    private func makeExact(of pixels: PixelBuffer, at size: PhotoCopies.Size, id: Int) {
        guard pending.insert(.exact(id, size)).inserted else { return }
        misses += 1
        let inbox = self.inbox, wake = self.wake
        DispatchQueue.global(qos: .userInitiated).async {
            let scaled = CairoSurface.scaled(pixels, width: size.width, height: size.height)
            inbox.put(.exact(id: id, size: size, size.gray ? Luma.grayscale(scaled) : scaled))
            wake?()
        }
    }

    /// The exact copy of `image` at w×h pixels, in colour or gray, made now (headless renders,
    /// under the renderer's lock).
    func entry(_ image: ImageAsset, pixels: PixelBuffer, width w: Int, height h: Int, gray: Bool) -> Entry {
        let size = PhotoCopies.Size(width: w, height: h, gray: gray)
        let p = record(for: image)
        if let e = p.exact[size] { memory.touch(e); return e }
        misses += 1
        let buffer: PixelBuffer
        if gray {
            buffer = Luma.grayscale(entry(image, pixels: pixels, width: w, height: h, gray: false).buffer ?? CairoSurface.scaled(pixels, width: w, height: h))
        } else {
            buffer = CairoSurface.scaled(pixels, width: w, height: h)
        }
        let e = Entry(buffer)
        storeExact(e, at: size, of: p, id: image.id)
        return e
    }

    /// The copy to draw now, made at once when missing (headless renders and tests; under the
    /// renderer's lock): exact when the photo's pixels are here, else a stand-in or nothing.
    package func drawableNow(_ image: ImageAsset, pixels: PixelBuffer?, width w: Int, height h: Int, gray: Bool) -> (entry: Entry, exact: Bool)? {
        if !gray, let pixels, pixels.width == w, pixels.height == h { return (Entry(pixels, isCopy: false), true) }
        if let pixels { return (entry(image, pixels: pixels, width: w, height: h, gray: gray), true) }
        let p = record(for: image)
        if let e = p.exact[PhotoCopies.Size(width: w, height: h, gray: gray)] { memory.touch(e); return (e, true) }
        // The photo's pixels went back to the budget: decode it again once the frame is drawn.
        if image.isUnloaded, !unloadedAskedFor.contains(where: { $0 === image }) { unloadedAskedFor.append(image) }
        return p.largestExact(gray: gray).map { ($0, false) }
    }

    /// Drops every copy and level of one image (e.g. when it is unloaded).
    package func remove(imageID: Int) {
        guard let p = photos.removeValue(forKey: imageID) else { return }
        for e in p.exact.values { memory.remove(e) }
        if let l = p.colourLevels { memory.remove(l) }
        if let l = p.grayLevels { memory.remove(l) }
    }
}

/// What one draw of a photo used, noted by its band and handed to `ImageCache.endFrame`.
package struct ImageUse {
    let image: ImageAsset
    let size: PhotoCopies.Size
    /// The exact copy drawn, if it was one.
    let copy: ImageCache.Entry?

    /// Nothing was drawn for `image` at w × h (its copy is on its way): noted so it is asked for.
    package static func missing(_ image: ImageAsset, width: Int, height: Int, gray: Bool) -> ImageUse {
        ImageUse(image: image, size: PhotoCopies.Size(width: width, height: height, gray: gray), copy: nil)
    }
}
