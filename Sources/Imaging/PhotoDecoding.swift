import Glibc

/// Who answers a `DecodeJob` for a file: this process (`InProcessDecoding`, what tests of the
/// decoders use) or a pool of sandboxed worker processes (the app's `DecoderPool`, a module
/// above this one). Called from any thread; each call blocks until its answer.
package protocol PhotoDecoding: Sendable {
    /// `thumbnails`: the cache a job with a `thumbnailKey` reads from (and whose failure marks
    /// it keeps).
    func decode(path: String, job: DecodeJob, thumbnails: ThumbnailCache?) -> Result<DecodedPhoto, ImageDecoder.Failure>
}

/// Decoding in this process: the file opened safely and mapped, its cached thumbnails too.
package struct InProcessDecoding: PhotoDecoding {
    /// Decoding in this process.
    public init() {}

    public func decode(path: String, job: DecodeJob, thumbnails: ThumbnailCache?) -> Result<DecodedPhoto, ImageDecoder.Failure> {
        PhotoFile.withMapped(path: path) { photo in
            guard job.thumbnailKey != nil, let cache = thumbnails else { return job.run(photo) }
            let open = cache.openThumbnails(for: path)
            defer { open.forEach { close($0.1) } }
            return ThumbnailCache.withMapped(open) { job.run(photo, thumbnails: $0) }
        }
    }
}
