/// The fewest bytes a file can hold the picture its header claims in, for formats whose decoder
/// would otherwise size a whole buffer from the header alone (SDL_image's BMP and QOI): a
/// 1 KB file claiming 10000 × 10000 is refused before 400 MB exist for it.
enum DataBound {
    /// Why `bytes` are too few for `header`'s size, or nil.
    static func failure(_ header: ImageHeader, _ bytes: UnsafeRawBufferPointer) -> ImageDecoder.Failure? {
        guard let need = minimumBytes(header, bytes), Int64(bytes.count) < need else { return nil }
        return ImageDecoder.Failure(reason: "truncated \(header.format.name) (a \(header.width)×\(header.height) picture needs at least \(need) bytes; the file has \(bytes.count))")
    }

    /// The least bytes: BMP (BITMAPINFOHEADER) uncompressed, its pixel offset plus every row
    /// padded to 4 bytes; run-length coded (RLE8, RLE4), its offset plus an end-of-line
    /// escape (2 bytes) a row. QOI: its 14-byte header, one byte per 62 pixels (the longest
    /// QOI_OP_RUN) and the 8-byte end marker. Nil for other formats and headers.
    static func minimumBytes(_ header: ImageHeader, _ b: UnsafeRawBufferPointer) -> Int64? {
        switch header.format {
        case .bmp:
            guard b.count >= 34 else { return nil }
            func le32(_ i: Int) -> Int64 { Int64(UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24) }
            let infoSize = le32(14)
            guard infoSize >= 40 else { return nil }
            let offset = le32(10), bits = Int64(UInt16(b[28]) | UInt16(b[29]) << 8), compression = le32(30)
            switch compression {
            case 0, 3: return offset + (header.width * bits + 31) / 32 * 4 * header.height
            case 1, 2: return offset + 2 * header.height
            default: return nil
            }
        case .qoi:
            return 14 + (header.width * header.height + 61) / 62 + 8
        default:
            return nil
        }
    }
}
