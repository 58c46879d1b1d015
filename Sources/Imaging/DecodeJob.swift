import Effects
import Geometry
import Pixels

/// One photo to decode, as the app asks for it: the same question whether it is answered in
/// this process or by a sandboxed decoder worker (which holds the photo's bytes but never its
/// path), so the answer is a pure function of the job and the bytes (`run`).
package struct DecodeJob: Sendable, Equatable {
    /// The most pixels the result keeps.
    public var maxPixels: Int
    /// At most this many pixels wide (a thumbnail), when set.
    public var width: Int?
    /// The box the photo is shown in, in pixels, and how: the photo is decoded no larger than
    /// that needs (see `ImageLoader.image(at:shownIn:)`).
    public var box: Size?
    /// How the photo fills the box: cropped to fill it, or fitted inside it.
    public var mode: ContentMode
    /// The thumbnail cache's key for the original, when thumbnails are read and written.
    public var thumbnailKey: ThumbnailCache.Key?

    /// A job decoding at most `maxPixels` pixels, no wider than `width`, no larger than `box` needs for
    /// `mode`, read from and written to the thumbnail cache under `thumbnailKey`.
    public init(maxPixels: Int = ImageDecoder.defaultMaxPixels, width: Int? = nil, box: Size? = nil,
                mode: ContentMode = .fill, thumbnailKey: ThumbnailCache.Key? = nil) {
        self.maxPixels = maxPixels; self.width = width; self.box = box; self.mode = mode; self.thumbnailKey = thumbnailKey
    }
}

/// A decoded photo, and what to do with it next.
package struct DecodedPhoto: @unchecked Sendable {
    /// The pixels, upright, in sRGB, premultiplied.
    public var pixels: PixelBuffer
    /// The thumbnail size `pixels` were decoded to, for the cache to keep (nil: nothing to keep).
    public var cacheAs: ThumbnailCache.Size?
    /// The original's upright size (what a thumbnail records of it).
    public var originalWidth: Int
    /// The original's upright height.
    public var originalHeight: Int

    /// A photo decoded to `pixels`, from an original of the given upright size.
    public init(pixels: PixelBuffer, cacheAs: ThumbnailCache.Size? = nil, originalWidth: Int = 0, originalHeight: Int = 0) {
        self.pixels = pixels; self.cacheAs = cacheAs; self.originalWidth = originalWidth; self.originalHeight = originalHeight
    }
}

extension DecodeJob {
    /// The answer to the job from the photo's bytes and, when the cache is used, the bytes of
    /// its cached thumbnails (`thumbnails[size]`, those that exist): a valid cached thumbnail
    /// that covers the box, else the photo decoded to the thumbnail size (to be cached when the
    /// original was larger), else to the covering size itself.
    package func run(_ photo: UnsafeRawBufferPointer, thumbnails: [ThumbnailCache.Size: UnsafeRawBufferPointer] = [:]) -> Result<DecodedPhoto, ImageDecoder.Failure> {
        func plain(width: Int? = nil) -> Result<DecodedPhoto, ImageDecoder.Failure> {
            ImageDecoder.decode(photo, maxPixels: maxPixels, width: width).map { DecodedPhoto(pixels: $0) }
        }
        guard let box else { return plain(width: width) }
        // A header that cannot be read: the decode says why.
        guard case .success(let header) = ImageDecoder.header(photo) else { return plain() }
        let upright = header.uprightSize
        let original = max(upright.width, upright.height)
        var side = ContentFitting.neededSide(width: upright.width, height: upright.height, in: box, mode: mode)
        // A freedesktop size only when thumbnails are read and written; else exactly the side.
        let bucket = thumbnailKey == nil ? nil : ThumbnailCache.Size.covering(Int(min(side, Int64(Int32.max))))
        if let bucket, original > Int64(bucket.rawValue) {
            if let key = thumbnailKey, let bytes = thumbnails[bucket], let cached = ThumbnailCache.decodeValid(bytes, key: key) {
                return .success(DecodedPhoto(pixels: cached))
            }
            side = Int64(bucket.rawValue)
        }
        // An original no larger than needed is shown as it is.
        guard side < original, side > 0 else { return plain() }
        let width = upright.width >= upright.height ? Int(side)
            : max(Int((Double(side) * Double(upright.width) / Double(upright.height)).rounded()), 1)
        return ImageDecoder.decode(photo, maxPixels: maxPixels, width: width).map { pixels in
            let keep = bucket.flatMap { side == Int64($0.rawValue) ? $0 : nil }
            return DecodedPhoto(pixels: pixels, cacheAs: keep, originalWidth: Int(upright.width), originalHeight: Int(upright.height))
        }
    }
}
