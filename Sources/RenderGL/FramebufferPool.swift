import CGLES

/// A texture with a framebuffer to draw into it.
final class GLFramebuffer {
    let texture: GLTexture
    let id: GLuint
    var width: Int { texture.width }
    var height: Int { texture.height }

    init(width: Int, height: Int, r8: Bool = false) {
        texture = GLTexture.target(width: width, height: height, r8: r8)
        var f: GLuint = 0
        glGenFramebuffers(1, &f)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.id, 0)
        id = f
    }

    deinit { var f = id; glDeleteFramebuffers(1, &f) }
}

/// Offscreen framebuffers for layers and blur passes, kept between frames in 64-px buckets
/// (as `ScratchPool` keeps Cairo's scratch memory); ones no frame took for a while are deleted.
final class FramebufferPool {
    static let bucket = 64
    private var free: [(fb: GLFramebuffer, r8: Bool, lastUsed: Int)] = []
    private var frame = 0

    /// A framebuffer at least w × h, cleared to transparent.
    func take(width w: Int, height h: Int, r8: Bool = false) -> GLFramebuffer {
        let fb: GLFramebuffer
        if let i = free.firstIndex(where: { $0.r8 == r8 && $0.fb.width >= w && $0.fb.height >= h
                                              && $0.fb.width * $0.fb.height <= 4 * max(w * h, 4096) }) {
            fb = free.remove(at: i).fb
        } else {
            func up(_ v: Int) -> Int { (max(v, 1) + FramebufferPool.bucket - 1) / FramebufferPool.bucket * FramebufferPool.bucket }
            fb = GLFramebuffer(width: up(w), height: up(h), r8: r8)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fb.id)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        return fb
    }

    func give(_ fb: GLFramebuffer, r8: Bool = false) { free.append((fb, r8, frame)) }

    /// A frame ended: framebuffers idle for 120 frames go.
    func endFrame() {
        frame += 1
        free.removeAll { frame - $0.lastUsed > 120 }
    }

    var byteCount: Int { free.reduce(0) { $0 + $1.fb.texture.bytes } }
}
