/// Image formats recognised by their first bytes (magic numbers), never by file extension.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, bmp, tiff, qoi

    /// The format whose signature `bytes` start with, or nil.
    /// Signatures: JPEG FF D8 FF; PNG 89 'PNG' 0D 0A 1A 0A; GIF 'GIF8'; WebP 'RIFF'….'WEBP';
    /// BMP 'BM'; TIFF 'II*\0' or 'MM\0*'; QOI 'qoif'.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + sig.count && Array(bytes[offset..<offset + sig.count]) == sig
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)) && bytes.count >= 26 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("qoif".utf8)) { return .qoi }
        return nil
    }

    /// Width and height from the header, without decoding, for JPEG and PNG; nil otherwise
    /// or when the header is damaged.
    public static func dimensions(_ bytes: [UInt8], format: ImageFormat) -> (width: Int, height: Int)? {
        switch format {
        case .png:
            guard bytes.count >= 24 else { return nil }
            func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
            return (be32(16), be32(20))
        case .jpeg:
            return JPEGHeader.dimensions(bytes)
        default:
            return nil
        }
    }
}
