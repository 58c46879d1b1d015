/// What `ImageCache` holds for one photo: its exact copies by size (at most
/// `exactPerKind` of colour and of gray), its mip pyramids, and the sizes the last frames drew it at.
final class PhotoCopies {
    /// A size of copy: pixels and colour or gray.
    struct Size: Hashable { let width: Int; let height: Int; let gray: Bool }

    /// Exact copies kept per photo and kind: the size at rest and the one before it.
    static let exactPerKind = 2

    /// Held weakly: a photo that went takes its copies with it.
    weak var image: ImageAsset?
    private(set) var exact: [Size: ImageCache.Entry] = [:]
    /// The frame each exact copy was last drawn in (the older one goes when a third comes).
    private var lastDrawn: [Size: Int] = [:]
    var colourLevels: MipLevels?
    var grayLevels: MipLevels?
    /// The sizes drawn in the last frames.
    private var runs = FrameRuns<Size>()
    /// The last frame it was drawn in, at any size.
    private(set) var lastFrameDrawn = 0

    init(_ image: ImageAsset) { self.image = image }

    func levels(gray: Bool) -> MipLevels? { gray ? grayLevels : colourLevels }

    /// Notes that `size` was drawn in `frame`; returns for how many frames in a row it has been.
    @discardableResult
    func noteDrawn(_ size: Size, frame: Int) -> Int {
        lastFrameDrawn = frame
        if exact[size] != nil { lastDrawn[size] = frame }
        return runs.note(size, frame: frame)
    }

    /// Whether `size` was drawn in `frame` (the last one): it may be coming to rest.
    func wasDrawn(_ size: Size, inFrame frame: Int) -> Bool { runs.wasDrawn(size, inFrame: frame) }

    /// Forgets sizes not drawn since `frame`.
    func forgetRuns(before frame: Int) { runs.forget(before: frame) }

    /// Keeps `entry` as the exact copy at `size`; returns the copy it pushes out, if any (the
    /// kind's least recently drawn once there are more than `exactPerKind`).
    func store(_ entry: ImageCache.Entry, at size: Size, frame: Int) -> ImageCache.Entry? {
        exact[size] = entry
        lastDrawn[size] = frame
        let same = exact.keys.filter { $0.gray == size.gray }
        guard same.count > Self.exactPerKind, let oldest = same.filter({ $0 != size }).min(by: { lastDrawn[$0, default: 0] < lastDrawn[$1, default: 0] }) else {
            return nil
        }
        return removeExact(oldest)
    }

    @discardableResult
    func removeExact(_ size: Size) -> ImageCache.Entry? {
        lastDrawn[size] = nil
        return exact.removeValue(forKey: size)
    }

    /// The largest exact copy of a kind (a stand-in while nothing better is here).
    func largestExact(gray: Bool) -> ImageCache.Entry? {
        exact.filter { $0.key.gray == gray }.max { $0.key.width < $1.key.width }?.value
    }
}
