import CGLES
import Geometry
import Render

/// Photos: the copy `ImageCache` keeps for Cairo (so still photos have the same pixels),
/// uploaded once, drawn with the saturation term in the shader (no gray copy).
extension GLWalk {
    /// Where a photo lands (`ImagePlacement`, Cairo's rule), with the mapping from device pixels.
    struct Placement {
        var cw: Int, ch: Int
        var exact: Bool
        /// Device pixel → copy pixel.
        var toCopy: AffineTransform
        /// The clip of the photo: a rectangle in device pixels (exact) or in user space.
        var clipRect: Rect
    }

    func imagePlacement(_ d: ImageDraw, imageSize: Size) -> Placement? {
        guard let p = ImagePlacement(d, imageSize: imageSize, transform: m) else { return nil }
        if p.exact { return Placement(cw: p.copyWidth, ch: p.copyHeight, exact: true, toCopy: p.toCopy, clipRect: p.clipRect) }
        guard let toUser = m.inverted() else { return nil }
        return Placement(cw: p.copyWidth, ch: p.copyHeight, exact: false, toCopy: toUser.concatenating(p.toCopy), clipRect: p.clipRect)
    }

    func image(_ index: Int, _ d: ImageDraw) {
        guard let size = d.image.pixelSize, d.opacity > 0, d.destination.width > 0, d.destination.height > 0,
              let place = imagePlacement(d, imageSize: size) else { return }
        // The photo's clip: a box in device pixels, or its rectangle under the transform.
        let cover: Cover?
        if place.exact {
            cover = place.clipRect.intersects(clip.scissor) ? .box(place.clipRect) : nil
        } else {
            cover = shapeCover(index, .rect(place.clipRect))
        }
        if pass == .plan, let cover, d.opacity >= 1, renderer.isOpaque(d.image) { noteOccluder(index, cover) }
        guard pass == .draw, let cover, let bounds = cover.bounds else { return }
        let saturation = min(max(d.saturation.isFinite ? d.saturation : 1, 0), 1)
        if d.image.isLive { return liveFrame(d, place, cover: cover, bounds: bounds, saturation: saturation) }
        guard let (entry, ready) = part("image: the cache's picture", { drawable(d, place) }) else {
            // Nothing to draw yet: the placeholder's colour for the frame or two it takes.
            drawQuad(bounds, cover: cover, paint: .color(Color(red: 209 / 255, green: 209 / 255, blue: 214 / 255)), opacity: d.opacity)
            return
        }
        guard let texture = part("image: its texture", { texture(of: entry, image: d.image) }) else {
            drawQuad(bounds, cover: cover, paint: .color(Color(red: 209 / 255, green: 209 / 255, blue: 214 / 255)), opacity: d.opacity)
            return
        }
        var toTexel = place.toCopy
        if !ready {
            // Another size (a mip level, a stand-in): the same mapping rescaled to its pixels.
            toTexel = toTexel.concatenating(.scale(Double(entry.width) / Double(place.cw), Double(entry.height) / Double(place.ch)))
        }
        let t = toTexel
        let fetch = d.filter == .nearest || (ready && place.exact && t.a == 1 && t.d == 1 && t.tx == t.tx.rounded() && t.ty == t.ty.rounded())
        part("image: filtering") { prepareFiltering(texture, shrink: max(abs(t.a) + abs(t.c), abs(t.b) + abs(t.d))) }
        drawQuad(bounds, cover: cover, paint: .image(texture, toTexel: TexelMap(t), fetch: fetch,
                                                     saturation: saturation, limit: (entry.width, entry.height)),
                 opacity: d.opacity)
    }

    /// A video's frame: its own texture, its texels replaced once per new frame, sampled
    /// bilinearly from the frame's size to the place's.
    private func liveFrame(_ d: ImageDraw, _ place: Placement, cover: Cover, bounds: Rect, saturation: Double) {
        guard let texture = part("image: a video's frame", { renderer.liveTextures.texture(for: d.image, frame: renderer.frame) }) else { return }
        let t = place.toCopy.concatenating(.scale(Double(texture.width) / Double(place.cw), Double(texture.height) / Double(place.ch)))
        part("image: filtering") { prepareFiltering(texture, shrink: max(abs(t.a) + abs(t.c), abs(t.b) + abs(t.d))) }
        drawQuad(bounds, cover: cover, paint: .image(texture, toTexel: TexelMap(t), fetch: false, saturation: saturation,
                                                     limit: (texture.width, texture.height)), opacity: d.opacity)
    }

    /// The texture of a picture, uploaded the first time. A copy the cache made then lets its
    /// CPU pixels go (the texture takes its place in the budget); the photo's own pixels stay,
    /// as new copies are made from them. Nil only if a copy's pixels went without a texture.
    private func texture(of entry: ImageCache.Entry, image: ImageAsset) -> GLTexture? {
        let texture = renderer.textures.texture(for: entry.textureKey, frame: renderer.frame, counted: !entry.isCopy) {
            entry.buffer.map {
                // Whether the photo is opaque, learnt from the first copy uploaded (any copy of
                // it is, then): the scan is made once a photo.
                let opaque = renderer.knownOpacity(of: image) ?? $0.isOpaque
                renderer.noteOpacity(of: image, opaque)
                let t = GLTexture.argb(UnsafeRawPointer($0.pixels), width: $0.width, height: $0.height, stride: $0.stride * 4)
                GLTexture.settleUpload()
                t.isOpaque = opaque
                return t
            }
        }
        if texture != nil { entry.handOver() }
        return texture
    }

    /// The picture to draw from and whether it is the exact copy (the window asks the cache
    /// without waiting, headless renders make the copy now).
    private func drawable(_ d: ImageDraw, _ place: Placement) -> (ImageCache.Entry, Bool)? {
        let images = renderer.images
        if images.scalesInBackground {
            guard let found = images.drawable(d.image, pixels: d.image.peekPixels, width: place.cw, height: place.ch, gray: false) else {
                uses.append(.missing(d.image, width: place.cw, height: place.ch, gray: false))
                return nil
            }
            uses.append(found.use)
            return (found.entry, found.exact)
        }
        return images.drawableNow(d.image, pixels: d.image.pixels, width: place.cw, height: place.ch, gray: false).map { ($0.entry, $0.exact) }
    }

    /// A picture shown at under half its size (a level standing in while a size moves) is read
    /// through mipmaps, trilinearly; otherwise bilinearly.
    private func prepareFiltering(_ t: GLTexture, shrink: Double) {
        let filter = shrink > 1.5 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR
        guard filter != t.minFilter || (filter == GL_LINEAR_MIPMAP_LINEAR && !t.hasMipmaps) else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), t.id)
        if filter == GL_LINEAR_MIPMAP_LINEAR && !t.hasMipmaps {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            t.hasMipmaps = true
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        t.minFilter = filter
    }
}
