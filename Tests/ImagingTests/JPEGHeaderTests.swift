import Effects
import Foundation
import LumenTestSupport
import Render
import Testing
@testable import Imaging

@Suite("JPEG headers")
struct JPEGHeaderTests {
    @Test func jpegHeaderReadsSizeAndOrientation() {
        let jpeg = ImageFixtures.jpeg(33, 17) { _, _ in (1, 2, 3) }
        #expect(JPEGHeader.dimensions(jpeg)! == (33, 17))
        #expect(JPEGHeader.orientation(jpeg) == .up)
        for o in 1...8 {
            #expect(JPEGHeader.orientation(ImageFixtures.withOrientation(jpeg, UInt16(o))).rawValue == o)
        }
        #expect(JPEGHeader.isComplete(jpeg))
        #expect(!JPEGHeader.isComplete(Array(jpeg.dropLast(2))))
    }
}
