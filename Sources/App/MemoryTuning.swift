import CMalloc

/// How the C allocator treats Lumen's big, short-lived buffers (decoded photos, scaled copies,
/// layers). By default glibc raises its mmap threshold to the size of each large block freed,
/// so later photos come from the heap and freed ones stay resident as fragments, and every
/// decoding thread gets its own arena: a kiosk swapping photos all day grows without bound.
/// With a fixed threshold, a buffer above 64 KB that the heap's free top cannot hold is mapped on
/// its own and returned to the system when freed, instead of growing the heap; two arenas are
/// enough for two cores.
///
/// 64 KB rather than 256: the blocks between (shadow masks, layers, small copies, 36 a second
/// on transitions) left holes in the main heap that later blocks did not fit, so it grew: a
/// window on transitions held 63 free chunks of 64–222 KB (5.9 MB) after a minute. With 64 KB
/// the same window stayed 2–7 MB lower over 17 minutes, and `lumen bench --scene transitions`
/// peaked at 43.6–43.9 MB instead of 46.5–47.4, its render median 2.17–2.35 ms against
/// 1.96–2.43 (performance.md, "An hour's soak").
enum MemoryTuning {
    static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, 64 * 1024)
        _ = mallopt(M_ARENA_MAX, 2)
    }

    /// Hands free heap pages back to the system (glibc's malloc_trim also returns whole free
    /// pages inside the heap, not only its top). The window calls it every few seconds after
    /// the image budget evicted something.
    static func trim() {
        _ = malloc_trim(0)
    }
}
