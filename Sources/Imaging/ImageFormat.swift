/// Image formats recognised by their first bytes (magic numbers), never by file extension.
package enum ImageFormat: String, Sendable, CaseIterable {
    /// JPEG (libjpeg-turbo).
    case jpeg
    /// PNG (libpng).
    case png
    /// GIF, still or animated (giflib).
    case gif
    /// WebP, still or animated (libwebp).
    case webp
    /// TIFF and BigTIFF (libtiff).
    case tiff
    /// HEIC: HEVC in HEIF (libheif).
    case heic
    /// AVIF: AV1 in HEIF (libheif).
    case avif
    /// Windows bitmap (SDL2_image).
    case bmp
    /// The Quite OK Image format (SDL2_image).
    case qoi

    /// The name used in messages ("JPEG", "HEIC").
    public var name: String { rawValue.uppercased() }

    /// The format whose signature `bytes` start with, or nil.
    /// Signatures: JPEG FF D8 FF; PNG 89 'PNG' 0D 0A 1A 0A; GIF 'GIF8'; WebP 'RIFF'….'WEBP';
    /// TIFF 'II*\0' or 'MM\0*' (BigTIFF 'II+\0', 'MM\0+'); HEIF '….ftyp' with a HEIC or AVIF
    /// brand as the major brand or, after a generic one (`isom`, `mif1`…), among the compatible
    /// brands that follow (ISO 14496-12 §4.3, ISO 23008-12, AV1-ISOBMFF); BMP 'BM'; QOI 'qoif'.
    /// Needs the first `sniffLength` bytes (fewer: the ftyp box's later brands go unseen).
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let b = Array(bytes.prefix(sniffLength))
        func starts(_ sig: String, at offset: Int = 0) -> Bool { starts(Array(sig.utf8), at: offset) }
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + sig.count && Array(b[offset..<offset + sig.count]) == sig
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts("GIF8") { return .gif }
        if starts("RIFF") && starts("WEBP", at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
            || starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }
        if starts("ftyp", at: 4), b.count >= 12 { return heifBrand(b) }
        if starts("BM") && b.count >= 14 { return .bmp }
        if starts("qoif") { return .qoi }
        return nil
    }

    /// Bytes `sniff` looks at: an ftyp box's major brand, minor version and a dozen compatible
    /// brands.
    public static let sniffLength = 64

    /// HEIC or AVIF by the ftyp box's brands: the major brand when it names one, else the
    /// compatible brands (AVIF first: an `isom` file listing `avif` and `mif1` is AVIF).
    static func heifBrand(_ b: [UInt8]) -> ImageFormat? {
        func brand(at i: Int) -> String { String(decoding: b[i..<i + 4], as: UTF8.self) }
        let heic: Set = ["heic", "heix", "hevc", "hevx", "heim", "heis"], avif: Set = ["avif", "avis"]
        let major = brand(at: 8)
        if heic.contains(major) { return .heic }
        if avif.contains(major) { return .avif }
        let size = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let end = min(max(size, 16), b.count)
        let compatible = stride(from: 16, to: end - 3, by: 4).map(brand(at:))
        if compatible.contains(where: avif.contains) { return .avif }
        if compatible.contains(where: heic.contains) || ["mif1", "msf1"].contains(major) { return .heic }
        return nil
    }
}
