import Geometry
import Imaging

/// What the app asks a worker: the job, and which cached thumbnails come with the photo's
/// descriptor (the photo's first, then one per size in `thumbnails`, in that order).
struct WorkerRequest: Equatable {
    var job: DecodeJob
    var thumbnails: [ThumbnailCache.Size]

    func encoded() -> [UInt8] {
        var m = WireMessage()
        m.put(job.maxPixels)
        m.put(job.width ?? -1)
        m.put(job.box.map { Double($0.width) } ?? -1)
        m.put(job.box.map { Double($0.height) } ?? -1)
        m.put(job.mode == .fit ? 1 : 0)
        m.put(job.thumbnailKey?.mtime ?? Int.min)
        m.put(job.thumbnailKey?.uri ?? "")
        m.put(thumbnails.count)
        for size in thumbnails { m.put(size.rawValue) }
        return m.bytes
    }

    init(job: DecodeJob, thumbnails: [ThumbnailCache.Size]) { self.job = job; self.thumbnails = thumbnails }

    /// The request in `bytes`, or nil when they are not one.
    init?(bytes: [UInt8]) {
        var m = WireMessage(bytes: bytes)
        guard let maxPixels = m.int(), maxPixels > 0, let width = m.int(), let bw = m.double(), let bh = m.double(),
              let mode = m.int(), let mtime = m.int(), let uri = m.string(), let count = m.int(), (0...2).contains(count) else { return nil }
        var sizes: [ThumbnailCache.Size] = []
        for _ in 0..<count {
            guard let raw = m.int(), let size = ThumbnailCache.Size(rawValue: raw) else { return nil }
            sizes.append(size)
        }
        job = DecodeJob(maxPixels: maxPixels, width: width > 0 ? width : nil,
                        box: bw > 0 && bh > 0 ? Size(width: bw, height: bh) : nil, mode: mode == 1 ? .fit : .fill,
                        thumbnailKey: mtime == Int.min ? nil : ThumbnailCache.Key(uri: uri, mtime: mtime))
        thumbnails = sizes
    }
}
