/// The rest rule of the renderer's caches: for each key (a photo's size, a shadow's device
/// scale), the frames in a row it was drawn in. A key drawn `ImageCache.restFrames` frames
/// running is at rest and gets its exact copy or mask; until then something nearby stands in.
/// Inlinable, so that other modules' caches (the GPU renderer's text masks, noted for every
/// label every frame) get it specialised for their keys.
package struct FrameRuns<Key: Hashable> {
    @usableFromInline struct Run {
        @usableFromInline var first: Int
        @usableFromInline var last: Int
        @inlinable init(first: Int, last: Int) { self.first = first; self.last = last }
    }
    @usableFromInline var runs: [Key: Run] = [:]

    /// No runs.
    @inlinable public init() {}

    /// How many runs there are.
    @inlinable public var count: Int { runs.count }

    /// Notes `key` drawn in `frame`; returns for how many frames in a row it has been (a second
    /// note in the same frame counts once).
    @discardableResult @inlinable
    public mutating func note(_ key: Key, frame: Int) -> Int {
        var run = runs[key].flatMap { $0.last >= frame - 1 ? $0 : nil } ?? Run(first: frame, last: frame)
        run.last = frame
        runs[key] = run
        return frame - run.first + 1
    }

    /// Whether `key` was drawn in `frame`.
    @inlinable public func wasDrawn(_ key: Key, inFrame frame: Int) -> Bool { runs[key]?.last == frame }

    /// Forgets keys not drawn since `frame`.
    @inlinable public mutating func forget(before frame: Int) {
        if runs.contains(where: { $0.value.last < frame }) { runs = runs.filter { $0.value.last >= frame } }
    }
}
