import Foundation
import LumenTestSupport
import Testing

/// Lumen links FoundationEssentials, not Foundation: the full Foundation, its ICU data and
/// FoundationInternationalization are 6–7 MB of every window's memory (docs/performance.md).
@Suite struct LinkedLibrariesTests {
    @Test func theBinaryDoesNotLoadFoundation() throws {
        let libraries = try ProgramOutput.capture("/usr/bin/ldd", [Binary.url.path]).stdout
        #expect(libraries.contains("libFoundationEssentials.so"), "ldd answered: \(libraries.prefix(200))")
        for unwanted in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!libraries.contains(unwanted), "\(unwanted) is loaded: something imports Foundation")
        }
    }
}
