import CImageCodecs
import FoundationEssentials
import Glibc
import Pixels

/// Encodes pixels as a baseline JPEG with libjpeg-turbo (for thumbnails on disk and for test
/// photos made on the fly). Alpha is dropped: the pixels are taken as opaque.
package enum JPEGEncoder {
    /// The JPEG bytes of `pixels` at `quality` (1…100), or the encoder's one-line reason.
    public static func encode(_ pixels: PixelBuffer, quality: Int = 90) -> Result<[UInt8], ImageDecoder.Failure> {
        var size = 0
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        guard let bytes = lumen_jpeg_encode(pixels.pixels, Int32(pixels.width), Int32(pixels.height), pixels.stride * 4,
                                            Int32(min(max(quality, 1), 100)), &size, &message) else {
            return .failure(ImageDecoder.Failure(reason: "cannot encode JPEG: \(ImageDecoder.reason(message))"))
        }
        defer { free(bytes) }
        return .success(Array(UnsafeBufferPointer(start: bytes, count: size)))
    }
}
