import CDecodeSandbox
import Effects
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

/// A worker's answer: the pixels' size (their memory comes as a descriptor beside the
/// message) and what a thumbnail would record, or the one-line reason it failed, or the
/// system call its sandbox stopped (sent by its SIGSYS handler as it ends; see `lockdown.c`).
enum WorkerReply: Equatable {
    case pixels(width: Int, height: Int, cacheAs: ThumbnailCache.Size?, originalWidth: Int, originalHeight: Int)
    case failure(String)
    case forbiddenCall(number: Int, architecture: Int)

    func encoded() -> [UInt8] {
        var m = WireMessage()
        switch self {
        case .pixels(let w, let h, let cacheAs, let ow, let oh):
            m.put(0); m.put(w); m.put(h); m.put(cacheAs?.rawValue ?? 0); m.put(ow); m.put(oh)
        case .failure(let reason):
            m.put(1); m.put(reason)
        case .forbiddenCall(let number, let architecture):
            m.put(Int(LUMEN_SANDBOX_REPORT_FORBIDDEN_CALL)); m.put(number); m.put(architecture)
        }
        return m.bytes
    }

    init?(bytes: [UInt8]) {
        var m = WireMessage(bytes: bytes)
        switch m.int() {
        case 0:
            guard let w = m.int(), let h = m.int(), w > 0, h > 0, let c = m.int(), let ow = m.int(), let oh = m.int() else { return nil }
            self = .pixels(width: w, height: h, cacheAs: ThumbnailCache.Size(rawValue: c), originalWidth: ow, originalHeight: oh)
        case 1:
            guard let reason = m.string() else { return nil }
            self = .failure(reason)
        case Int(LUMEN_SANDBOX_REPORT_FORBIDDEN_CALL):
            guard let number = m.int(), let architecture = m.int() else { return nil }
            self = .forbiddenCall(number: number, architecture: architecture)
        default:
            return nil
        }
    }
}
