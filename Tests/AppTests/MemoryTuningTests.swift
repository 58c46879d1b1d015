import Foundation
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
    /// which rises to the largest block freed) they grew the heap. Checked in a test process of
    /// its own: one that ran other tests holds free chunks they left, which glibc hands out
    /// before any threshold matters (0 of 8 mapped, seen in CI's shard). On the main thread
    /// (the main arena) after a trim, so that the arena's top has no 200 KB left to carve them
    /// from: a pool thread's arena may have, and then 4 or 5 of 8 were mapped.
    @MainActor
    @Test func blocksOfTwoHundredKilobytesAreMappedOnTheirOwn() throws {
        guard ProcessInfo.processInfo.environment["LUMEN_MALLOC_CHECK"] == "1" else {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            child.arguments = ["--testing-library", "swift-testing", "--filter", "blocksOfTwoHundredKilobytesAreMappedOnTheirOwn"]
            child.environment = ProcessInfo.processInfo.environment.merging(["LUMEN_MALLOC_CHECK": "1"]) { $1 }
            let output = Pipe()
            child.standardOutput = output
            child.standardError = output
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            #expect(child.terminationStatus == 0 && text.contains("passed"), "\(text.suffix(600))")
            return
        }
        MemoryTuning.apply()
        MemoryTuning.trim()
        let blocks = try (0..<8).map { _ in try #require(malloc(200 * 1024)) }
        defer { blocks.forEach { free($0) } }
        let mapped = blocks.filter(Self.isMapped).count
        #expect(mapped >= 6, "\(mapped) of 8 mapped on their own")
    }
}
