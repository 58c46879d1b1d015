import Render

/// The textures of videos' frames: one texture for each live asset, its texels replaced once
/// when a new frame is drawn (glTexSubImage2D), never a texture a frame. A texture not drawn
/// for a few frames (the video's entry is over) is let go.
final class LiveTextures {
    private var entries: [Int: (texture: GLTexture, frame: Int, lastUsed: Int)] = [:]

    /// Frames a texture is kept without being drawn.
    static let keep = 120

    /// The texture holding `image`'s current frame, uploaded now if it is not there yet.
    func texture(for image: ImageAsset, frame: Int) -> GLTexture? {
        guard let p = image.peekPixels else { return nil }
        if var e = entries[image.id], e.texture.width == p.width, e.texture.height == p.height {
            if e.frame != image.frameNumber {
                e.texture.replace(with: UnsafeRawPointer(p.pixels), stride: p.stride * 4)
                e.frame = image.frameNumber
            }
            e.lastUsed = frame
            entries[image.id] = e
            return e.texture
        }
        let t = GLTexture.argb(UnsafeRawPointer(p.pixels), width: p.width, height: p.height, stride: p.stride * 4, strip: 0)
        t.isOpaque = true
        entries[image.id] = (t, image.frameNumber, frame)
        return t
    }

    /// Lets go of the textures not drawn for `keep` frames, at frame `frame`.
    func trim(at frame: Int) {
        entries = entries.filter { frame - $0.value.lastUsed <= Self.keep }
    }

    /// Bytes of texture memory held.
    var bytes: Int { entries.values.reduce(0) { $0 + $1.texture.bytes } }
}

extension GLRenderer: SettlesPictures {
    package var picturesSettled: Bool { images.isSettled }
}

extension GLRenderer: PreparesPictures {
    /// Uploads a video's frame into its texture before the frame that shows it.
    package func prepare(_ image: ImageAsset) {
        guard image.isLive else { return }
        _ = liveTextures.texture(for: image, frame: frame)
    }
}
