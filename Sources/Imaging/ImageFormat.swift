/// Image formats recognised by their first bytes (magic numbers), never by file extension.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, tiff, heic, avif, bmp, qoi

    /// The name used in messages ("JPEG", "HEIC").
    public var name: String { rawValue.uppercased() }

    /// The format whose signature `bytes` start with, or nil.
    /// Signatures: JPEG FF D8 FF; PNG 89 'PNG' 0D 0A 1A 0A; GIF 'GIF8'; WebP 'RIFF'….'WEBP';
    /// TIFF 'II*\0' or 'MM\0*'; HEIF '….ftyp' + a HEIC or AVIF brand (ISO 23008-12, AV1-ISOBMFF);
    /// BMP 'BM'; QOI 'qoif'.
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let b = Array(bytes.prefix(16))
        func starts(_ sig: String, at offset: Int = 0) -> Bool { starts(Array(sig.utf8), at: offset) }
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + sig.count && Array(b[offset..<offset + sig.count]) == sig
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts("GIF8") { return .gif }
        if starts("RIFF") && starts("WEBP", at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts("ftyp", at: 4), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
            if ["avif", "avis"].contains(brand) { return .avif }
        }
        if starts("BM") && b.count >= 14 { return .bmp }
        if starts("qoif") { return .qoi }
        return nil
    }
}
