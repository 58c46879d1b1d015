import Testing
import SystemSupport

@Suite struct StandardErrorTests {
    @Test func stampedLinesStartWithTheUTCTime() {
        #expect(StandardError.stamped("lumen: x", at: 0) == "1970-01-01T00:00:00.000Z lumen: x")
        #expect(StandardError.stamped("y", at: 1_000_000_000.5) == "2001-09-09T01:46:40.500Z y")
        #expect(StandardError.stamped("z", at: 1_796_072_401.0999) == "2026-11-30T21:00:01.099Z z")
    }
}
