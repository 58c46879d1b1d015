import Imaging

/// Photos through `ImageDecoder`, the code a decoder worker runs: sniffing, the header and its
/// limits, then the format's decoder (Lumen's glue over libjpeg-turbo, libpng, giflib, libwebp,
/// libtiff and libheif, with EXIF orientation and ICC profiles applied).
enum PhotoFuzzing {
    /// At most this many pixels out, as a gallery's tile asks (decodes stay quick).
    static let maxPixels = 1 << 20

    /// Decodes `bytes` when they sniff as one of `formats`; an odd length asks for a 96-pixel
    /// thumbnail instead (the codecs' reduced decodes and the thumbnail scaler).
    static func decode(_ bytes: UnsafeRawBufferPointer, only formats: Set<ImageFormat>) {
        guard let format = ImageFormat.sniff(bytes), formats.contains(format) else { return }
        if case .success(let pixels) = ImageDecoder.decode(bytes, maxPixels: maxPixels, width: bytes.count % 2 == 1 ? 96 : nil) {
            precondition(pixels.width > 0 && pixels.height > 0 && pixels.width * pixels.height <= maxPixels,
                         "a decode of \(pixels.width)×\(pixels.height) is over the \(maxPixels) pixels asked for")
            pixels.touchEveryPixel()
        }
    }

    /// Reads `bytes` as a photo's header only.
    static func header(_ bytes: UnsafeRawBufferPointer) {
        if case .success(let h) = ImageDecoder.header(bytes) {
            precondition((1...8).contains(h.orientation), "EXIF orientation \(h.orientation) let through")
        }
    }
}
