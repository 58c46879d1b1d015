import Geometry
import Testing

/// The few string helpers Lumen has instead of Foundation's.
@Suite struct TextHelpersTests {
    @Test func printfFormatsNumbersAsC() {
        #expect(String(printf: "%.3f", 1.0 / 3) == "0.333")
        #expect(String(printf: "median %6.2f ms", 2.5) == "median   2.50 ms")
        #expect(String(printf: "animal-%02d", 7) == "animal-07")
        #expect(String(printf: "/frame-%05d.png", 42) == "/frame-00042.png")
        // Longer than the first buffer.
        let long = String(printf: "%0300d", 1)
        #expect(long.count == 300 && long.hasSuffix("01"))
    }

    @Test func groupingTrimmingPadding() {
        #expect(10000.grouped == "10,000" && 999.grouped == "999" && 1_234_567.grouped == "1,234,567" && (-1500).grouped == "-1,500")
        #expect("  a b \n".trimmed == "a b" && "   ".trimmed == "" && "\"x\"".trimming { $0 == "\"" } == "x")
        #expect("ab".padded(to: 5) == "ab   " && "abcdef".padded(to: 3) == "abcdef")
    }
}
