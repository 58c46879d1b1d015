import Foundation
import LumenTestSupport
import Render
import Testing
import Imaging

@Suite("Format sniffing")
struct ImageFormatTests {
    @Test func sniffing() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("<html>".utf8)) == nil)
        #expect(ImageFormat.sniff([]) == nil)
    }
}
