import Imaging

/// A cached thumbnail as the app reads one (freedesktop.org's thumbnail spec): its
/// `Thumb::URI` and `Thumb::MTime` text chunks, then the PNG itself when they match the photo
/// asked for. The photo asked for is the one the bytes name, so that every input that carries
/// both chunks goes on to be decoded.
enum ThumbnailFuzzing {
    static func read(_ bytes: UnsafeRawBufferPointer) {
        let uri = ThumbnailCache.text(bytes, "Thumb::URI") ?? ""
        let mtime = Int(ThumbnailCache.text(bytes, "Thumb::MTime") ?? "") ?? 0
        if let pixels = ThumbnailCache.decodeValid(bytes, key: ThumbnailCache.Key(uri: uri, mtime: mtime)) { pixels.touchEveryPixel() }
    }
}
