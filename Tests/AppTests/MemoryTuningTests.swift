import Glibc
import Testing
@testable import App

@Suite("glibc's malloc, tuned")
struct MemoryTuningTests {
    /// Whether glibc mapped `block` on its own: the IS_MMAPPED bit (2) of its chunk's size
    /// field, the word before the block (malloc.c's chunk layout).
    static func isMapped(_ block: UnsafeMutableRawPointer) -> Bool { (block - 8).load(as: UInt.self) & 2 != 0 }

    /// Blocks of 200 KB (a layer's or a small copy's size) are mapped on their own, so freeing
    /// one leaves no hole in the heap; with the 256 KB Lumen set before (or glibc's default,
    /// which rises to the largest block freed) they grew the heap. The heap's free top may
    /// hold one or two whatever the threshold (other tests share the arena), so eight are
    /// made and most must be mapped.
    @Test func blocksOfTwoHundredKilobytesAreMappedOnTheirOwn() throws {
        MemoryTuning.apply()
        let blocks = try (0..<8).map { _ in try #require(malloc(200 * 1024)) }
        defer { blocks.forEach { free($0) } }
        let mapped = blocks.filter(Self.isMapped).count
        #expect(mapped >= 6, "\(mapped) of 8 mapped on their own")
    }
}
