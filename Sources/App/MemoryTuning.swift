import CMalloc

/// How the C allocator treats Lumen's big, short-lived buffers (decoded photos, scaled copies,
/// layers). By default glibc raises its mmap threshold to the size of each large block freed,
/// so later photos come from the heap and freed ones stay resident as fragments, and every
/// decoding thread gets its own arena: a kiosk swapping photos all day grows without bound.
/// A fixed threshold returns every buffer above 256 KB to the system when freed, and two arenas
/// are enough for two cores.
enum MemoryTuning {
    static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, 256 * 1024)
        _ = mallopt(M_ARENA_MAX, 2)
    }

    /// Hands free heap pages back to the system (glibc's malloc_trim also returns whole free
    /// pages inside the heap, not only its top). The window calls it every few seconds after
    /// the image budget evicted something.
    static func trim() {
        _ = malloc_trim(0)
    }
}
