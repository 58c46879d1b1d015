import CDecodeSandbox
import Glibc
import Imaging

/// A decoder worker's life (`lumen --decode-worker PARENT`): it locks itself down (see
/// `lumen_sandbox_enter`), then answers requests on its socket one at a time until the app
/// closes it. Every photo it reads came as a descriptor; the pixels go back in a new memfd
/// the app maps, so nothing is copied between the two.
package enum DecoderWorker {
    /// The argument that starts `lumen` as a worker.
    package static let argument = "--decode-worker"
    /// Address space a worker may add to what it has at start (the largest photo's buffers).
    package static let addressSpace: UInt64 = 1 << 30
    /// CPU seconds a worker may use in all (it is replaced after `DecoderPool.photosPerWorker`).
    package static let cpuSeconds: UInt64 = 3600
    /// The exit status of a worker the system would not let lock itself down.
    static let cannotLockDown: Int32 = 3
    /// The sandbox's revision, which failure marks record: raise it whenever the filter, the
    /// limits or what is prepared before them change, so that photos an older sandbox stopped
    /// are tried again (2: the time zone and libheif prepared, PR_SET_NAME allowed, calls reported).
    package static let sandboxRevision = 2

    /// Runs the worker; `arguments` are what followed `--decode-worker` (the app's pid).
    /// `deadline`: the pool's seconds a photo (`DecoderPool.Settings.deadline`). `fault`: a
    /// fault for the tests (see `WorkerFault`), nil in use.
    package static func run(_ arguments: [String], deadline: Double, fault name: String? = nil) -> Never {
        let fault = name.flatMap(WorkerFault.init(named:))
        let parent = arguments.first.flatMap { pid_t($0) } ?? getppid()
        var error = [CChar](repeating: 0, count: Int(LUMEN_SANDBOX_ERROR_SIZE))
        if case .lockdown? = fault { exit(cannotLockDown) }
        ImageDecoder.prepareForSandbox()
        guard lumen_sandbox_enter(parent, addressSpace, cpuSeconds, &error) == 0 else { exit(cannotLockDown) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var fds = [Int32](repeating: -1, count: Int(LUMEN_SANDBOX_MAX_FDS))
        while true {
            var count: Int32 = 0
            let n = lumen_sandbox_receive(LUMEN_SANDBOX_SOCKET, &buffer, buffer.count, &fds, &count)
            guard n > 0 else { exit(n == 0 ? 0 : 4) }
            let handed = Array(fds.prefix(Int(count)))
            if case .reply(let hostile)? = fault, let photo = handed.first, PhotoFile.withMapped(photo, { .success(WorkerFault.applies(to: $0)) }) == .success(true) {
                var (bytes, extra) = hostile.answer(photo: photo)
                let sent = lumen_sandbox_send(LUMEN_SANDBOX_SOCKET, bytes, bytes.count, &extra, Int32(extra.count)) == 0
                (handed + extra).forEach { close($0) }
                guard sent else { exit(5) }
                continue
            }
            let reply = answer(Array(buffer.prefix(n)), handed, fault: fault, deadline: deadline)
            handed.forEach { close($0) }
            guard send(reply) else { exit(5) }
        }
    }

    /// The reply to one request, with the pixels' memfd when it decoded.
    private static func answer(_ bytes: [UInt8], _ fds: [Int32], fault: WorkerFault?, deadline: Double) -> (WorkerReply, Int32?) {
        guard let request = WorkerRequest(bytes: bytes), fds.count == 1 + request.thumbnails.count else {
            return (.failure("the decoder was sent a request it does not understand"), nil)
        }
        _ = lumen_sandbox_cpu_budget(deadline)
        let result: Result<DecodedPhoto, ImageDecoder.Failure> = PhotoFile.withMapped(fds[0]) { photo in
            if let fault, WorkerFault.applies(to: photo) { return .failure(.init(reason: fault.strike(photo: fds[0]))) }
            return ThumbnailCache.withMapped(Array(zip(request.thumbnails, fds.dropFirst()))) { request.job.run(photo, thumbnails: $0) }
        }
        switch result {
        case .failure(let f): return (.failure(f.reason), nil)
        case .success(let photo):
            guard let fd = SharedPixels.share(photo.pixels) else { return (.failure("the decoder could not share its pixels (out of memory)"), nil) }
            return (.pixels(width: photo.pixels.width, height: photo.pixels.height, cacheAs: photo.cacheAs,
                            originalWidth: photo.originalWidth, originalHeight: photo.originalHeight), fd)
        }
    }

    private static func send(_ reply: (WorkerReply, Int32?)) -> Bool {
        let bytes = reply.0.encoded()
        defer { if let fd = reply.1 { close(fd) } }
        var fds = reply.1.map { [$0] } ?? []
        return lumen_sandbox_send(LUMEN_SANDBOX_SOCKET, bytes, bytes.count, &fds, Int32(fds.count)) == 0
    }
}
