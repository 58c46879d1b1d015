import CDecodeSandbox
import DecodeWorkers
import Geometry
import Glibc
import Imaging

/// A photo decoder's answer as a worker that was taken over might send it, through the app's
/// own acceptance (`DecoderPool.accept`: the message parsed, every field held to the job,
/// the pixels adopted from a sealed memfd of exactly their size). What the app accepts is
/// read in full, and every descriptor is closed afterwards as the pool closes them: a check
/// that lets a short or unsealed memfd through faults here, and (when the target runs alone)
/// a descriptor the acceptance kept shows as a leak.
///
/// The bytes: the job (1 byte: its width, box and pixel cap), the descriptors (1 byte: how
/// many, 0–4; then each one's kind, and a memfd's seals and size), then the message.
enum PhotoReplyFuzzing {
    static func accept(_ bytes: UnsafeRawBufferPointer) {
        var input = ByteReader(bytes)
        let job = self.job(input.byte())
        let before = FuzzTarget.alone ? openDescriptors() : 0
        let fds = (0..<Int(input.byte() % 5)).compactMap { _ in descriptor(&input) }
        let message = Array(input.rest())
        switch DecoderPool.accept(message, fds, job: job) {
        case .success(.decoded(.success(let photo))):
            let p = photo.pixels
            let cap = max(job.maxPixels, ThumbnailCache.Size.xxLarge.rawValue * ThumbnailCache.Size.xxLarge.rawValue)
            precondition(p.width >= 1 && p.height >= 1 && p.width <= ImageDecoder.maxSide && p.height <= ImageDecoder.maxSide
                         && p.width * p.height <= cap, "accepted \(p.width)×\(p.height) for a job of \(job.maxPixels) pixels")
            p.touchEveryPixel()
            // What the app maps can never shrink under it (a read past a file's end is SIGBUS).
            precondition(fcntl(fds[0], 1034 /* F_GET_SEALS */) & 2 /* F_SEAL_SHRINK */ != 0, "pixels adopted from a memfd that can still shrink")
        case .success(.decoded(.failure)), .success(.forbiddenCall), .failure: break
        }
        fds.forEach { close($0) }
        if FuzzTarget.alone { precondition(openDescriptors() == before, "the answer's acceptance kept a descriptor open") }
    }

    /// One of the jobs the app asks: a tile's, a thumbnail's, a box's, a tiny or a huge cap.
    static func job(_ b: UInt8) -> DecodeJob {
        let widths: [Int?] = [nil, 96, 512, 4096]
        let caps = [1 << 20, 1 << 16, 4, 100_000_000]
        return DecodeJob(maxPixels: caps[Int(b >> 3) & 3], width: widths[Int(b) & 3], box: b & 4 != 0 ? Size(300, 200) : nil)
    }

    /// A descriptor of the kind the next byte names: a memfd (its seals and size from the
    /// bytes after), a pipe, /dev/null, a socket or a folder.
    static func descriptor(_ input: inout ByteReader) -> Int32? {
        switch input.byte() % 5 {
        case 0:
            let seals = Int32(input.byte() & 0x1F)
            let size = Int(input.u32() % (16 << 20))
            let fd = lumen_sandbox_memfd(size)
            guard fd >= 0 else { return nil }
            if seals != 0 { _ = fcntl(fd, 1033 /* F_ADD_SEALS */, seals) }
            return fd
        case 1:
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            close(ends[1])
            return ends[0]
        case 2: return open("/dev/null", O_RDONLY | O_CLOEXEC)
        case 3:
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &ends) == 0 else { return nil }
            close(ends[1])
            return ends[0]
        default: return open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
    }

    static func openDescriptors() -> Int32 {
        var fds = [Int32](repeating: 0, count: 1024)
        return lumen_sandbox_open_descriptors(&fds, Int32(fds.count))
    }
}
