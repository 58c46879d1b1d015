/// When the window gives free heap pages back (`MemoryTuning.trim`): after the image budget
/// evicted something, at most once every `interval` seconds (a trim costs up to 0.3 ms,
/// measured in a soak with a 64 MB budget; evictions come in bursts while a list scrolls).
struct HeapTrimSchedule: Equatable {
    /// Seconds between trims, at least.
    static let interval = 5.0
    private var lastEvictions = 0
    private var lastTrim = 0.0

    /// Whether to trim now (host seconds `now`), given the budget's eviction count; a trim
    /// said yes to is taken as done.
    mutating func isDue(evictions: Int, at now: Double) -> Bool {
        guard evictions != lastEvictions, now - lastTrim > Self.interval else { return false }
        lastEvictions = evictions
        lastTrim = now
        return true
    }
}
