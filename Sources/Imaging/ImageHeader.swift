import CImageCodecs

/// What a file's header says, read before any pixel buffer exists: its format, the size it
/// claims (64-bit, so no header value can overflow) and its frame count.
package struct ImageHeader: Equatable, Sendable {
    /// The format the file's bytes are in (not its name).
    public var format: ImageFormat
    /// The width the file claims, in pixels, before any pixel is decoded.
    public var width: Int64
    /// The height the file claims, in pixels.
    public var height: Int64
    /// 1 for a still picture; more for an animation or a multi-page file.
    public var frames: Int
    /// The EXIF orientation the header carries (JPEG, WebP), applied after decoding.
    public var orientation: Int = 1

    /// The upright size: width and height swapped when the orientation turns the picture.
    public var uprightSize: (width: Int64, height: Int64) { orientation >= 5 ? (height, width) : (width, height) }

    /// Reads the header with the format's own library (libjpeg, libpng, giflib, libwebp,
    /// libtiff, libheif; BMP and QOI by their fixed layouts).
    public static func read(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) -> Result<ImageHeader, ImageDecoder.Failure> {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return .failure(ImageDecoder.Failure(reason: "empty file"))
        }
        var h = lumen_image_header()
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        let status: Int32
        switch format {
        case .jpeg: status = lumen_jpeg_header(base, bytes.count, &h, &message)
        case .png: status = lumen_png_header(base, bytes.count, &h, &message)
        case .gif: status = lumen_gif_header(base, bytes.count, &h, &message)
        case .webp: status = lumen_webp_header(base, bytes.count, &h, &message)
        case .tiff: status = lumen_tiff_header(base, bytes.count, &h, &message)
        case .heic, .avif: status = lumen_heif_header(base, bytes.count, &h, &message)
        case .bmp, .qoi:
            guard let fixed = fixedLayout(bytes, format: format) else {
                return .failure(ImageDecoder.Failure(reason: "corrupt \(format.name) header"))
            }
            return .success(fixed)
        }
        guard status == 0 else { return .failure(ImageDecoder.Failure(reason: ImageDecoder.reason(message))) }
        return .success(ImageHeader(format: format, width: h.width, height: h.height, frames: Int(max(h.frames, 1)),
                                    orientation: Int(h.orientation >= 1 && h.orientation <= 8 ? h.orientation : 1)))
    }

    /// BMP (BITMAPINFOHEADER: width and height as signed 32-bit little-endian at 18 and 22, a
    /// negative height meaning top-down rows; the old 12-byte core header as 16-bit at 18 and
    /// 20) and QOI (32-bit big-endian width and height at 4 and 8).
    static func fixedLayout(_ b: UnsafeRawBufferPointer, format: ImageFormat) -> ImageHeader? {
        func le32(_ i: Int) -> Int64 { Int64(Int32(bitPattern: UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24)) }
        func le16(_ i: Int) -> Int64 { Int64(UInt16(b[i]) | UInt16(b[i + 1]) << 8) }
        func be32(_ i: Int) -> Int64 { Int64(UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])) }
        switch format {
        case .bmp:
            guard b.count >= 26 else { return nil }
            let infoSize = le32(14)
            if infoSize == 12 { return ImageHeader(format: .bmp, width: le16(18), height: le16(20), frames: 1) }
            return ImageHeader(format: .bmp, width: le32(18), height: abs(le32(22)), frames: 1)
        case .qoi:
            guard b.count >= 14 else { return nil }
            return ImageHeader(format: .qoi, width: be32(4), height: be32(8), frames: 1)
        default:
            return nil
        }
    }
}
