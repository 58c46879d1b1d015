import Glibc
import Testing
@testable import App

@Suite("glibc's malloc, tuned")
struct MemoryTuningTests {
    /// A 200-KB block (a layer's or a small copy's size) that the heap's free top cannot hold
    /// is mapped on its own and unmapped when freed, so it leaves no hole in the heap; with
    /// the 256 KB Lumen set before (or glibc's default, which rises to the largest block freed)
    /// it grew the heap instead.
    @Test func aBlockOfTwoHundredKilobytesGoesBackWhenFreed() throws {
        MemoryTuning.apply()
        let size = 200 * 1024
        let before = MemoryTuning.mappedBytes
        let block = try #require(malloc(size))
        memset(block, 1, size)
        let held = MemoryTuning.mappedBytes
        free(block)
        #expect(held >= before + size, "mapped on its own: \(held - before) bytes more mapped")
        #expect(MemoryTuning.mappedBytes == before, "unmapped when freed")
    }
}
