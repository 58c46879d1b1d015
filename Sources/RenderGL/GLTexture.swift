import CGLES

/// A texture the renderer owns, with its size in texels and bytes.
final class GLTexture {
    let id: GLuint
    let width: Int
    let height: Int
    let bytes: Int
    /// The last frame that drew it.
    var lastUsed = 0
    /// Whether its mipmap levels were made (for pictures shown much smaller).
    var hasMipmaps = false
    /// Whether every texel is opaque (a photo's copy that the renderer scanned).
    var isOpaque = false
    /// Its minifying filter as last set (set again only when it changes: a driver may
    /// revalidate a texture whose parameters change).
    var minFilter = GL_LINEAR

    private init(id: GLuint, width: Int, height: Int, bytes: Int) {
        self.id = id; self.width = width; self.height = height; self.bytes = bytes
    }

    deinit { var t = id; glDeleteTextures(1, &t) }

    /// An RGBA8 texture of premultiplied ARGB32 pixels (BGRA bytes), swizzled so that it samples
    /// as RGBA; linear filtering, clamped at its edges. Pixels over `strip` bytes go up in strips
    /// of rows (`uploadStrip`; 0: in one call).
    static func argb(_ pixels: UnsafeRawPointer?, width: Int, height: Int, stride: Int, strip: Int = uploadStrip) -> GLTexture {
        let t = make(width: width, height: height, bytes: width * height * 4)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(stride / 4))
        let rows = strip > 0 ? max(1, strip / max(width * 4, 1)) : height
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                     rows >= height ? pixels : nil)
        if rows < height, let pixels {
            for y in Swift.stride(from: 0, to: height, by: rows) {
                glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(y), GLsizei(width), GLsizei(min(rows, height - y)),
                                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels + y * stride)
            }
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), GL_RED)
        return t
    }

    /// The most bytes of a photo handed to the driver in one call: 256 KB. A driver copies
    /// pixels from the process into staging memory of its own before the GPU takes them.
    /// NVIDIA's (580) maps that memory through /dev/nvidiactl, grows it in 4 MB steps and keeps
    /// it: a kiosk's first round of whole photos took it from 22 to 38 MB, in strips to 30–34
    /// MB (docs/performance.md, "The GL path soaked").
    static let uploadStrip = 256 * 1024

    /// After a photo's upload: waits until the GPU has done all it was given (glFinish). A
    /// frame seldom uploads a photo, so this seldom waits; but NVIDIA's driver (580) took it as
    /// the moment to reuse what it had set aside, and without it kept growing the memory it
    /// maps through /dev/nvidiactl whenever photos came in bursts (a fence waited for after
    /// each upload did not do it). Its cost and the memory it saves: performance.md, "What the
    /// driver kept after bursts of photos".
    static func settleUpload() { glFinish() }

    /// An R8 texture of an 8-bit mask (`stride` bytes per row).
    static func mask(_ bytes: UnsafeRawPointer?, width: Int, height: Int, stride: Int) -> GLTexture {
        let t = make(width: width, height: height, bytes: width * height)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(stride))
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bytes)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        return t
    }

    /// An empty texture to draw into: RGBA8 (layers) or R8 (blur passes).
    static func target(width: Int, height: Int, r8: Bool) -> GLTexture {
        let t = make(width: width, height: height, bytes: width * height * (r8 ? 1 : 4))
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, r8 ? GL_R8 : GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                     GLenum(r8 ? GL_RED : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        return t
    }

    private static func make(width: Int, height: Int, bytes: Int) -> GLTexture {
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return GLTexture(id: id, width: width, height: height, bytes: bytes)
    }

    /// Sets nearest or linear filtering.
    func filter(nearest: Bool) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        let f = nearest ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f)
        minFilter = f
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f)
    }
}

extension GLTexture {
    /// Replaces every texel with `pixels` (premultiplied ARGB32, `stride` bytes a row, the
    /// texture's size): a video's next frame into the texture its last one used.
    func replace(with pixels: UnsafeRawPointer, stride: Int) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(stride / 4))
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        hasMipmaps = false
    }
}
