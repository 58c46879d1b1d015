import Effects

/// Reads what Lumen needs from a JPEG's markers without decoding it: the frame size (SOF)
/// and the EXIF orientation (APP1, TIFF tag 0x0112).
/// Sources: ITU T.81 Annex B (marker segments), EXIF 2.3 §4.5–4.6 (APP1 and IFD0 layout).
public enum JPEGHeader {
    /// The size in the first start-of-frame marker.
    public static func dimensions(_ b: [UInt8]) -> (width: Int, height: Int)? {
        var result: (Int, Int)?
        walk(b) { marker, start, length in
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), length >= 7 else { return true }
            let h = Int(b[start + 3]) << 8 | Int(b[start + 4]), w = Int(b[start + 5]) << 8 | Int(b[start + 6])
            result = (w, h)
            return false
        }
        return result
    }

    /// The EXIF orientation, or `.up` when absent or unreadable.
    public static func orientation(_ b: [UInt8]) -> Orientation {
        var value = 1
        walk(b) { marker, start, length in
            guard marker == 0xE1, length >= 16 else { return true }
            let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]   // "Exif\0\0"
            guard Array(b[start + 2..<start + 8]) == exif else { return true }
            value = tiffOrientation(b, tiff: start + 8, end: start + length) ?? 1
            return false
        }
        return Orientation(rawValue: value) ?? .up
    }

    /// Tag 0x0112 in IFD0 of the TIFF structure starting at `tiff`.
    static func tiffOrientation(_ b: [UInt8], tiff: Int, end: Int) -> Int? {
        guard end <= b.count, tiff + 8 <= end else { return nil }
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= end else { return nil }
            return little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let lo = u16(little ? i : i + 2), let hi = u16(little ? i + 2 : i) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for k in 0..<min(count, 512) {
            let entry = tiff + ifd + 2 + k * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 { return u16(entry + 8) }
        }
        return nil
    }

    /// Whether the file holds its end-of-image marker (FF D9) after the start of scan: a JPEG
    /// cut short (an interrupted copy or download) has none, and libjpeg would fill the rest
    /// with gray without failing.
    public static func isComplete(_ b: [UInt8]) -> Bool {
        guard b.count >= 4 else { return false }
        // Cameras and editors may pad after the marker; look at the last 64 KiB.
        var i = b.count - 2
        let floor = max(2, b.count - 65_536)
        while i >= floor {
            if b[i] == 0xFF && b[i + 1] == 0xD9 { return true }
            i -= 1
        }
        return false
    }

    /// Calls `visit(marker, segmentStart, segmentLength)` for each marker segment before the
    /// image data; `segmentStart` indexes the 2 length bytes. Stops when `visit` returns false.
    static func walk(_ b: [UInt8], _ visit: (UInt8, Int, Int) -> Bool) {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }                       // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return }               // end / start of scan
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { return }
            if !visit(marker, i + 2, length) { return }
            i += 2 + length
        }
    }
}
