import CImageCodecs
import Effects
import FoundationEssentials
import Glibc
import Render
import Pixels

/// Decodes image files into premultiplied ARGB32 in sRGB, upright (EXIF orientation applied)
/// and no larger than a pixel cap, the way browsers do: the format is sniffed from the content,
/// the header is read and checked before any pixel buffer exists, and each format is decoded by
/// the library made for it (see `CImageCodecs`). Safe to call from any thread.
///
/// A file is mapped, not read: learning a 4 GB file's size touches only its header's pages.
/// JPEG and WebP stills are decoded directly at a reduced size (libjpeg's DCT scaling, libwebp's
/// scaler) when they are larger than the cap, so a huge photo never exists whole in memory.
package enum ImageDecoder {
    /// Why a file could not be decoded: one line, for the log and the placeholder.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// Why, in one line a person can read.
        public let reason: String
        /// The decoder worker that failed on it (its pid), when one did.
        package var worker: Int32?
        /// A failure for `reason`.
        public init(reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// The most pixels a decoded photo keeps (16 MP: 64 MB); larger ones are scaled down.
    public static let defaultMaxPixels = 16 * 1024 * 1024
    /// Formats that must be decoded whole are refused above this many pixels (100 MP, 400 MB).
    public static let maxSourcePixels: Int64 = 100_000_000
    /// BMP and QOI are decoded whole by SDL2_image, which holds them twice while it converts:
    /// refused above 24 MP (192 MB), so the app and its worker stay within 300 MB.
    public static let sdlImageMaxPixels: Int64 = 24_000_000
    /// The longest side a decoded photo keeps: Cairo's image surfaces stop at 32,767 pixels, so a
    /// longer panorama is scaled to fit rather than drawn blank.
    public static let maxSide = 32767

    /// Decodes the file at `path`; with `width`, at most that many pixels wide (a thumbnail: the
    /// smallest decode that covers it, then scaled to it).
    public static func decode(path: String, maxPixels: Int = defaultMaxPixels, width: Int? = nil) -> Result<PixelBuffer, Failure> {
        withMappedFile(path) { decode($0, maxPixels: maxPixels, width: width) }
    }

    /// Runs `body` over the file's bytes, mapped rather than read (only the pages touched are
    /// loaded); a missing, unreadable or not regular path (a folder, a FIFO) gives its reason
    /// instead, and opening it never blocks (see `PhotoFile`).
    public static func withMappedFile<T>(_ path: String, _ body: (UnsafeRawBufferPointer) -> Result<T, Failure>) -> Result<T, Failure> {
        PhotoFile.withMapped(path: path, body)
    }

    /// Decodes an image held in memory.
    public static func decode(bytes: [UInt8], maxPixels: Int = defaultMaxPixels, width: Int? = nil) -> Result<PixelBuffer, Failure> {
        bytes.withUnsafeBytes { decode($0, maxPixels: maxPixels, width: width) }
    }

    /// The header of an image held in memory: format, size and frame count, or why not.
    public static func header(_ bytes: UnsafeRawBufferPointer) -> Result<ImageHeader, Failure> {
        guard !bytes.isEmpty else { return .failure(Failure(reason: "empty file")) }
        guard let format = ImageFormat.sniff(bytes) else { return .failure(Failure(reason: "not an image (unrecognised content)")) }
        if format == .heic || format == .avif, lumen_heif_available(format == .avif ? 2 : 1) == 0 {
            return .failure(Failure(reason: "\(format.name) is not supported by this system's libheif"))
        }
        return ImageHeader.read(bytes, format: format)
    }

    /// The size a thumbnail `width` wide (upright) is decoded at, in the stored picture's
    /// orientation (what the decoder sees; the EXIF rotation comes after), and at most
    /// `maxPixels`: a thin strip's thumbnail fitted to a width can be taller than any picture
    /// may be (96 × 2,260,993 for a 128 × 3,014,657 WebP). Nil when the picture is no wider.
    static func thumbnailSize(of header: ImageHeader, width: Int?, maxPixels: Int64) -> (width: Int, height: Int)? {
        let upright = header.uprightSize
        guard let tw = width, tw > 0, Int64(tw) < upright.width else { return nil }
        let th = max(Int((Double(upright.height) * Double(tw) / Double(upright.width)).rounded()), 1)
        let t = header.orientation >= 5 ? (width: th, height: tw) : (width: tw, height: th)
        return ContentFitting.capped(width: t.width, height: t.height, maxPixels: Int(maxPixels))
    }

    /// Decodes `bytes`: header first, limits, then the format's decoder at the smallest size
    /// that keeps `maxPixels`.
    public static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int = defaultMaxPixels, width: Int? = nil) -> Result<PixelBuffer, Failure> {
        let header: ImageHeader
        switch self.header(bytes) {
        case .success(let h): header = h
        case .failure(let f): return .failure(f)
        }
        let (w, h) = (header.width, header.height)
        guard w > 0, h > 0 else { return .failure(Failure(reason: "corrupt \(header.format.name) header (size \(w)×\(h))")) }
        // JPEG and WebP stills shrink while decoding; anything else exists whole first.
        let scalable = header.format == .jpeg || (header.format == .webp && header.frames == 1)
        if w > Int64(Int32.max) || h > Int64(Int32.max) || (!scalable && w * h > maxSourcePixels) {
            return .failure(Failure(reason: "\(w)×\(h) exceeds the \(maxSourcePixels / 1_000_000)-megapixel limit"))
        }
        if let short = DataBound.failure(header, bytes) { return .failure(short) }
        // SDL2_image holds a BMP or QOI whole, twice while it converts (8 bytes a pixel).
        if header.format == .bmp || header.format == .qoi, w * h > sdlImageMaxPixels {
            return .failure(Failure(reason: "\(w)×\(h) exceeds the \(sdlImageMaxPixels / 1_000_000)-megapixel limit for \(header.format.name)"))
        }
        // QOI streams end with seven 0x00 and a 0x01; SDL_image would fill a cut one with black.
        if header.format == .qoi, !bytes.suffix(8).elementsEqual([0, 0, 0, 0, 0, 0, 0, 1]) {
            return .failure(Failure(reason: "truncated QOI (no end marker)"))
        }
        var cap = Int64(max(maxPixels, 1))
        // A thumbnail: the target size is all that is needed.
        let target = thumbnailSize(of: header, width: width, maxPixels: cap)
        if let t = target { cap = min(cap, Int64(t.width) * Int64(t.height) * 4) }
        // A picture decoded in rows or bands (one whose RGBA would pass 64 MB) goes straight to
        // at most this many pixels: the thumbnail's, else the cap.
        let streamPixels = target.map { Int64($0.width) * Int64($0.height) } ?? Int64(max(maxPixels, 1))
        var image = lumen_image()
        var message = [CChar](repeating: 0, count: Int(LUMEN_CODEC_ERROR_SIZE))
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count = bytes.count
        let status: Int32
        switch header.format {
        case .jpeg:
            let denominator = target.map { ContentFitting.jpegDenominator(width: Int(w), height: Int(h), covering: (width: $0.width, height: $0.height)) }
                ?? ContentFitting.jpegDenominator(width: Int(w), height: Int(h), maxPixels: Int(cap))
            status = lumen_jpeg_decode(base, count, Int32(denominator), &image, &message)
        case .webp:
            let size = target ?? (w * h > cap ? ContentFitting.capped(width: Int(w), height: Int(h), maxPixels: Int(cap)) : (0, 0))
            status = lumen_webp_decode(base, count, Int32(size.0), Int32(size.1), streamPixels, &image, &message)
        case .png: status = lumen_png_decode(base, count, streamPixels, &image, &message)
        case .gif: status = lumen_gif_decode(base, count, streamPixels, &image, &message)
        case .tiff: status = lumen_tiff_decode(base, count, streamPixels, &image, &message)
        case .heic, .avif: status = lumen_heif_decode(base, count, streamPixels, &image, &message)
        case .bmp, .qoi: status = lumen_sdl_image_decode(base, count, &image, &message)
        }
        guard status == 0, let pixels = image.pixels, image.width > 0, image.height > 0 else {
            let why = reason(message)
            return .failure(Failure(reason: why.hasPrefix("cannot") || why.hasPrefix("corrupt") || why.hasPrefix("truncated")
                                    ? why : "cannot decode \(header.format.name): \(why)"))
        }
        var buffer = adopt(pixels, image.width, image.height)
        buffer = (Orientation(rawValue: Int(image.orientation)) ?? .up).apply(to: buffer)
        var size = ContentFitting.capped(width: buffer.width, height: buffer.height, maxPixels: maxPixels)
        if let tw = width, tw > 0, tw < size.width {
            size = (tw, max(Int((Double(buffer.height) * Double(tw) / Double(buffer.width)).rounded()), 1))
        }
        if max(size.width, size.height) > maxSide {
            let k = Double(maxSide) / Double(max(size.width, size.height))
            size = (min(max(Int((Double(size.width) * k).rounded()), 1), maxSide), min(max(Int((Double(size.height) * k).rounded()), 1), maxSide))
        }
        if size.width != buffer.width || size.height != buffer.height {
            buffer = width == nil ? buffer.resampled(width: size.width, height: size.height)
                                  : buffer.resampledForThumbnail(width: size.width, height: size.height)
        }
        return .success(buffer)
    }

    /// Looks up now what the codecs' libraries look up lazily (the time zone, libheif's set-up),
    /// for a process about to lose the right to open files: a decoder worker entering its sandbox.
    public static func prepareForSandbox() { lumen_codecs_prepare_for_sandbox() }

    /// The decoding libraries' versions, as they run ("libjpeg-turbo 2.1.5 libpng 1.6.39 …").
    public static let libraryVersions: String = {
        var text = [CChar](repeating: 0, count: 512)
        lumen_codec_library_versions(&text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// A codec's malloc'ed pixels as a buffer, freed with it (never copied: a second copy of a
    /// large photo is what pushed a worker past its memory).
    private static func adopt(_ pixels: UnsafeMutablePointer<UInt32>, _ w: Int32, _ h: Int32) -> PixelBuffer {
        PixelBuffer(adopting: pixels, width: Int(w), height: Int(h), stride: Int(w)) { free($0) }
    }

    static func reason(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }
}
