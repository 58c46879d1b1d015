/// When the window gives free heap pages back (`MemoryTuning.trim`, up to 0.3 ms, measured in a
/// soak with a 64 MB budget): after the image memory gave pixels back (evicted, or copies let go
/// when their photo left the screen), at most once every `interval` seconds, since those come
/// in bursts while a list scrolls; and while frames are drawn, once every `quietInterval`
/// seconds whatever was given back, since each frame's own small allocations leave free pages
/// in the heap that glibc keeps.
struct HeapTrimSchedule: Equatable {
    /// Seconds between trims after pixels were given back, at least.
    static let interval = 5.0
    /// Seconds between trims while frames are drawn.
    static let quietInterval = 30.0
    private var lastGivenBack = 0
    private var lastFrames = 0
    private var lastTrim = 0.0

    /// Whether to trim now (host seconds `now`), given the bytes the image memory has given back
    /// and the frames drawn so far; a trim said yes to is taken as done.
    mutating func isDue(givenBack: Int, frames: Int, at now: Double) -> Bool {
        let pixels = givenBack != lastGivenBack && now - lastTrim > Self.interval
        let drawing = frames != lastFrames && now - lastTrim > Self.quietInterval
        guard pixels || drawing else { return false }
        lastGivenBack = givenBack
        lastFrames = frames
        lastTrim = now
        return true
    }
}
