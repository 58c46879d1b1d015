import CImageCodecs
import Effects
import Foundation
import Render

/// Decodes image files into premultiplied ARGB32, upright (EXIF orientation applied) and no
/// larger than a pixel cap. Safe to call from any thread.
///
/// Formats are sniffed from the content. Huge JPEGs are decoded small by libjpeg's DCT
/// scaling, so a 100-megapixel photo never becomes a 400 MB buffer.
public enum ImageDecoder {
    /// Why a file could not be decoded: one line, for the log and the placeholder.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// The most pixels a decoded photo keeps (16 MP: 64 MB); larger ones are scaled down.
    public static let defaultMaxPixels = 16 * 1024 * 1024
    /// Non-JPEG files beyond this many pixels are refused rather than decoded whole.
    public static let hardMaxPixels = 80 * 1024 * 1024

    /// Decodes the file at `path`.
    public static func decode(path: String, maxPixels: Int = defaultMaxPixels) -> Result<PixelBuffer, Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                return .failure(Failure(reason: isDir.boolValue ? "is a folder, not an image" : "cannot be read (permission denied?)"))
            }
            return .failure(Failure(reason: "no such file"))
        }
        return decode(bytes: [UInt8](data), maxPixels: maxPixels)
    }

    /// Decodes an image held in memory.
    public static func decode(bytes: [UInt8], maxPixels: Int = defaultMaxPixels) -> Result<PixelBuffer, Failure> {
        guard !bytes.isEmpty else { return .failure(Failure(reason: "empty file")) }
        guard let format = ImageFormat.sniff(bytes) else {
            return .failure(Failure(reason: "not an image (unrecognised content)"))
        }
        let dims = ImageFormat.dimensions(bytes, format: format)
        if let d = dims, d.width <= 0 || d.height <= 0 {
            return .failure(Failure(reason: "corrupt \(format.rawValue.uppercased()) header (size \(d.width)×\(d.height))"))
        }
        if format == .jpeg && !JPEGHeader.isComplete(bytes) {
            return .failure(Failure(reason: "truncated JPEG (the file ends before its end-of-image marker)"))
        }
        var decoded: Result<PixelBuffer, Failure>
        if format == .jpeg, let d = dims, d.width * d.height > maxPixels {
            decoded = decodeScaledJPEG(bytes, denominator: ContentFitting.jpegDenominator(width: d.width, height: d.height, maxPixels: maxPixels))
        } else if let d = dims, d.width * d.height > hardMaxPixels {
            return .failure(Failure(reason: "too large to decode (\(d.width)×\(d.height) \(format.rawValue.uppercased()))"))
        } else {
            decoded = decodeWithSDLImage(bytes, format: format)
        }
        guard case .success(var buffer) = decoded else { return decoded }
        if format == .jpeg { buffer = JPEGHeader.orientation(bytes).apply(to: buffer) }
        if buffer.width * buffer.height > maxPixels {
            let s = ContentFitting.capped(width: buffer.width, height: buffer.height, maxPixels: maxPixels)
            buffer = buffer.resampled(width: s.width, height: s.height)
        }
        return .success(buffer)
    }

    /// SDL2_image (through the C codec target): any format it knows, premultiplied ARGB32.
    static func decodeWithSDLImage(_ bytes: [UInt8], format: ImageFormat) -> Result<PixelBuffer, Failure> {
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        let pixels = bytes.withUnsafeBufferPointer { b in lumen_sdl_image_decode(b.baseAddress, b.count, &w, &h, &message) }
        return adopt(pixels, w, h) ?? .failure(Failure(reason: "cannot decode \(format.rawValue.uppercased()): \(reason(message))"))
    }

    /// libjpeg with DCT scaling by 1/denominator (opaque output).
    static func decodeScaledJPEG(_ bytes: [UInt8], denominator: Int) -> Result<PixelBuffer, Failure> {
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        let pixels = bytes.withUnsafeBufferPointer { b in
            lumen_jpeg_decode_scaled(b.baseAddress, b.count, Int32(denominator), &w, &h, &message)
        }
        return adopt(pixels, w, h) ?? .failure(Failure(reason: "cannot decode JPEG: \(reason(message))"))
    }

    /// A C codec's malloc'ed pixels copied into a buffer (and freed); nil when it failed.
    private static func adopt(_ pixels: UnsafeMutablePointer<UInt32>?, _ w: Int32, _ h: Int32) -> Result<PixelBuffer, Failure>? {
        guard let p = pixels else { return nil }
        defer { free(p) }
        guard w > 0, h > 0 else { return .failure(Failure(reason: "image has no pixels")) }
        let out = PixelBuffer(width: Int(w), height: Int(h))
        out.pixels.update(from: p, count: Int(w) * Int(h))
        return .success(out)
    }

    static func reason(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }
}
