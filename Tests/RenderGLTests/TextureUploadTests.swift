import CGLES
import Testing
@testable import RenderGL

/// A photo goes to the GPU in strips of rows (`GLTexture.uploadStrip`): the texture holds every
/// row of it, in its place, whatever the strip (one call, several strips with a shorter last
/// one, a row at a time) and with rows padded in memory (a stride wider than the picture).
@Suite(.serialized) struct TextureUploadTests {
    /// BGRA bytes of a 150 × 101 picture whose every texel differs from its neighbours, 160
    /// texels to a row (the padding 0xEE, which must not show).
    static let width = 150, height = 101, rowTexels = 160
    static let bytes: [UInt8] = (0..<height).flatMap { y in
        (0..<rowTexels).flatMap { x -> [UInt8] in
            x < width ? [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x * 3 + y * 7) & 0xFF), 0xFF] : [0xEE, 0xEE, 0xEE, 0xEE]
        }
    }

    @Test(arguments: [0, GLTexture.uploadStrip, 4 * 150 * 7, 1])
    func everyRowArrivesInItsPlace(strip: Int) throws {
        let read = try GLTestContext.with { _ -> [UInt8] in
            let t = Self.bytes.withUnsafeBytes {
                GLTexture.argb($0.baseAddress, width: Self.width, height: Self.height, stride: Self.rowTexels * 4, strip: strip)
            }
            var fb: GLuint = 0
            glGenFramebuffers(1, &fb)
            defer { glDeleteFramebuffers(1, &fb) }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fb)
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t.id, 0)
            var out = [UInt8](repeating: 0, count: Self.width * Self.height * 4)
            out.withUnsafeMutableBytes {
                glReadPixels(0, 0, GLsizei(Self.width), GLsizei(Self.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            return out
        }
        var wrong = 0, first: (Int, Int)?
        for y in 0..<Self.height { for x in 0..<Self.width {
            let a = (y * Self.width + x) * 4, b = (y * Self.rowTexels + x) * 4
            if read[a..<a + 4] != Self.bytes[b..<b + 4] { wrong += 1; if first == nil { first = (x, y) } }
        } }
        #expect(wrong == 0, "strip \(strip) B: \(wrong) texels wrong, first at \(String(describing: first))")
    }

    /// A picture with no columns is an empty texture, not a division by zero.
    @Test func anEmptyPictureUploads() throws {
        let size = try GLTestContext.with { _ -> (Int, Int) in
            let t = [UInt8](repeating: 0, count: 16).withUnsafeBytes { GLTexture.argb($0.baseAddress, width: 0, height: 4, stride: 0, strip: 1024) }
            return (t.width, t.bytes)
        }
        #expect(size == (0, 0))
    }
}
