import Dispatch
import Glibc
import Imaging
import SystemSupport

/// Photos decoded by a small pool of sandboxed worker processes (see `DecoderWorker`): the app
/// opens each file safely (`PhotoFile`) and hands a worker the descriptor; the pixels come back
/// in shared memory. A worker that crashes, breaks its sandbox or passes the deadline is ended
/// and replaced, and only its photo fails, with the reason; a file that crashed one is not
/// tried again in this run, nor in later ones (the thumbnail cache's failure mark) until the
/// file or the decoder changes. Safe to call from many threads at once: each call takes an idle worker (or
/// starts one, up to `Settings.workers`) and blocks until its answer.
package final class DecoderPool: PhotoDecoding, @unchecked Sendable {
    package struct Settings: Sendable, Equatable {
        /// Workers at most (they start as photos need them).
        package var workers: Int
        /// Seconds one photo may take before its worker is ended.
        package var deadline: Double

        package init(workers: Int, deadline: Double) { self.workers = workers; self.deadline = deadline }

        /// One worker a core, 2 to 8, and 5 s a photo.
        package static var standard: Settings {
            Settings(workers: min(max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 2), 8), deadline: 5)
        }
    }

    package let settings: Settings
    package let executable: String
    /// Where the pool's own lines go (workers that cannot start).
    package var log: @Sendable (String) -> Void = { StandardError.message($0) }

    private let state = Condition()
    private var idle: [WorkerProcess] = []
    private var running = 0
    /// Files that crashed or outran a worker in this run, with the reason.
    private var failed: [String: String] = [:]
    private var startFailure: String?
    private var lostCount = 0
    /// A worker could not lock itself down on this system: photos are decoded in the app.
    private var sandboxRefused = false
    /// Whether a worker has started in this run: after one has, a worker that cannot start is
    /// a passing failure (a process limit reached for a moment), not a system without workers.
    private var workerStarted = false
    /// A worker is replaced after this many photos.
    static let photosPerWorker = 500

    /// A pool starting `executable` (`/proc/self/exe`: this binary) in worker mode.
    package init(settings: Settings = .standard, executable: String = "/proc/self/exe") {
        self.settings = settings; self.executable = executable
    }

    deinit { idle.forEach { $0.retire() } }

    /// Starts the workers now, on a thread of their own, so the first photos do not wait the
    /// ~30 ms a worker takes to start (the window calls it while it opens).
    package func prestart() {
        DispatchQueue.global(qos: .utility).async { [self] in
            while case .success(let worker)? = startIfRoom() { state.withLock { idle.append(worker); state.signal() } }
        }
    }

    /// Ends every idle worker (a command that is done decoding; `bench --decode` before it
    /// reads the workers' peak memory).
    package func shutDown() {
        state.lock(); let all = idle; idle.removeAll(); running -= all.count; state.unlock()
        all.forEach { $0.retire() }
    }

    package func decode(path: String, job: DecodeJob, thumbnails: ThumbnailCache?) -> Result<DecodedPhoto, ImageDecoder.Failure> {
        if let why = state.withLock({ failed[path] }) { return .failure(.init(reason: why)) }
        if let key = job.thumbnailKey, let cache = thumbnails, cache.hasFailureMark(for: path, key: key, decoder: Self.decoderVersion) {
            return .failure(.init(reason: "an earlier run's decoder failed on it (crashed, broke its sandbox or answered out of bounds: the thumbnail cache's failure mark); not tried again until the file or the decoder changes"))
        }
        let photo: Int32
        switch PhotoFile.open(path) {
        case .failure(let f): return .failure(f)
        case .success(let fd): photo = fd
        }
        let cached = job.thumbnailKey == nil ? [] : thumbnails?.openThumbnails(for: path) ?? []
        let handed = [photo] + cached.map(\.1)
        defer { handed.forEach { close($0) } }
        return ask(WorkerRequest(job: job, thumbnails: cached.map(\.0)), handed, path: path, job: job, cache: thumbnails)
    }

    /// One request to a worker, and the worker given back (or replaced).
    private func ask(_ request: WorkerRequest, _ fds: [Int32], path: String, job: DecodeJob, cache: ThumbnailCache?, retry: Bool = true) -> Result<DecodedPhoto, ImageDecoder.Failure> {
        if state.withLock({ sandboxRefused }) { return InProcessDecoding().decode(path: path, job: job, thumbnails: cache) }
        let worker: WorkerProcess
        switch take() {
        case .failure(let death) where state.withLock({ workerStarted }):
            // Workers ran before: the photo fails (a placeholder) and the next one tries again;
            // it is not decoded in the app, outside the sandbox, for a start that failed once.
            log("\(death.reason); \(path) is not decoded")
            return .failure(ImageDecoder.Failure(reason: death.reason))
        case .failure(let death):
            // None ever started here (no way to run them on this system): decoding in the app
            // beats showing no photo at all, and is said once.
            noteStartFailure(death.reason)
            return InProcessDecoding().decode(path: path, job: job, thumbnails: cache)
        case .success(let w): worker = w
        }
        guard worker.send(request.encoded(), fds: fds) else { return lost(worker, request, fds, path: path, job: job, cache: cache, retry: retry) }
        switch worker.receive(within: settings.deadline) {
        case .failure(.exited(DecoderWorker.cannotLockDown)):
            // This system will not let a worker lock itself down (no seccomp, a container's
            // own filter): decoding in the app beats showing no photo at all, and is said once.
            gone()
            state.withLock { sandboxRefused = true }
            noteStartFailure("decoder workers cannot enter their sandbox here")
            return InProcessDecoding().decode(path: path, job: job, thumbnails: cache)
        case .failure(let death):
            gone(lost: true)
            remember(path, death, job: job, cache: cache)
            var failure = ImageDecoder.Failure(reason: death.reason)
            failure.worker = worker.pid
            return .failure(failure)
        case .success(let (bytes, replyFDs)):
            // Every descriptor the answer carried is closed, whatever becomes of it.
            defer { replyFDs.forEach { close($0) } }
            switch Self.accept(bytes, replyFDs, job: job) {
            case .failure(let refusal):
                return broke(worker, refusal, request, fds, path: path, job: job, cache: cache, retry: retry)
            case .success(.forbiddenCall(let number, let architecture)):
                // Its SIGSYS handler's report, sent as it ends: ended for certain, and the call named.
                worker.end()
                gone(lost: true)
                let death = WorkerDeath.forbiddenCall(number: number, architecture: architecture)
                remember(path, death, job: job, cache: cache)
                return .failure(.init(reason: death.reason))
            case .success(.decoded(let result)):
                give(worker)
                return result
            }
        }
    }

    /// What a worker answered, every field held to the job before use (`ReplyCheck`), its
    /// pixels adopted from their sealed memfd; or why the answer is refused.
    package static func accept(_ bytes: [UInt8], _ fds: [Int32], job: DecodeJob) -> Result<Answer, ReplyCheck.Refusal> {
        let reply: WorkerReply
        switch WorkerReply.parse(bytes) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let r): reply = r
        }
        if let refusal = ReplyCheck.refusal(of: reply, for: job, descriptors: fds.count) { return .failure(refusal) }
        switch reply {
        case .failure(let why): return .success(.decoded(.failure(.init(reason: why))))
        case .forbiddenCall(let number, let architecture): return .success(.forbiddenCall(number, architecture))
        case .pixels(let w, let h, let cacheAs, let ow, let oh):
            switch SharedPixels.adopt(fds[0], width: w, height: h) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let pixels):
                return .success(.decoded(.success(DecodedPhoto(pixels: pixels, cacheAs: cacheAs, originalWidth: ow, originalHeight: oh))))
            }
        }
    }

    /// An accepted answer: the photo's result, or the worker's report of a stopped system call.
    package enum Answer {
        case decoded(Result<DecodedPhoto, ImageDecoder.Failure>)
        case forbiddenCall(Int, Int)
    }

    /// A worker whose answer was refused broke the protocol: it is ended at once, never used
    /// again, and the photo asked of a new one, once (not a crash of its codec); a photo that
    /// makes a second worker misbehave fails, and is marked as a crash is.
    private func broke(_ worker: WorkerProcess, _ refusal: ReplyCheck.Refusal, _ request: WorkerRequest, _ fds: [Int32], path: String,
                       job: DecodeJob, cache: ThumbnailCache?, retry: Bool) -> Result<DecodedPhoto, ImageDecoder.Failure> {
        worker.end()
        gone(lost: true)
        let death = WorkerDeath.refused(refusal.reason)
        guard retry else {
            remember(path, death, job: job, cache: cache)
            return .failure(.init(reason: death.reason))
        }
        LogFields.$current.withValue(LogFields(priority: .warning, file: path, worker: worker.pid)) {
            log("\(LogText.escaped(path)): \(death.reason); asked again of a new decoder")
        }
        return ask(request, fds, path: path, job: job, cache: cache, retry: false)
    }

    /// A worker whose socket failed before the request went (it had died idle): ended, and the
    /// photo asked of a new one, once.
    private func lost(_ worker: WorkerProcess, _ request: WorkerRequest, _ fds: [Int32], path: String, job: DecodeJob,
                      cache: ThumbnailCache?, retry: Bool) -> Result<DecodedPhoto, ImageDecoder.Failure> {
        worker.end()
        gone(lost: true)
        guard retry else { return .failure(.init(reason: "no decoder could take the photo")) }
        return ask(request, fds, path: path, job: job, cache: cache, retry: false)
    }

    /// An idle worker, or a new one when fewer than `settings.workers` run; else waits.
    private func take() -> Result<WorkerProcess, WorkerDeath> {
        while true {
            state.lock()
            while idle.isEmpty && running >= max(settings.workers, 1) { state.wait() }
            if let w = idle.popLast() { state.unlock(); return .success(w) }
            state.unlock()
            if let started = startIfRoom() { return started }
        }
    }

    /// A new worker when fewer than `settings.workers` run (its place taken first), else nil.
    private func startIfRoom() -> Result<WorkerProcess, WorkerDeath>? {
        let room = state.withLock { () -> Bool in
            guard running < max(settings.workers, 1) else { return false }
            running += 1
            return true
        }
        guard room else { return nil }
        let started = WorkerProcess.start(executable)
        switch started {
        case .failure: gone()
        case .success: state.withLock { workerStarted = true }
        }
        return started
    }

    /// A worker back in the pool after an answer (retired after many).
    private func give(_ worker: WorkerProcess) {
        worker.served += 1
        if worker.served >= Self.photosPerWorker { worker.retire(); gone(); return }
        state.lock(); idle.append(worker); state.signal(); state.unlock()
    }

    /// A worker that is no more (its place is free for a new one); `lost`: it died or was
    /// ended for misbehaving, not retired.
    private func gone(lost: Bool = false) {
        state.lock(); running -= 1; if lost { lostCount += 1 }; state.signal(); state.unlock()
    }

    /// Workers that died or were ended for misbehaving (each replaced by a new one when a
    /// photo needs it), for a kiosk's status and metrics.
    package var workersLost: Int { state.withLock { lostCount } }

    /// A file that ended its worker is not tried again this run; one that crashed it or broke
    /// its sandbox, not in later runs of this decoder either (the failure mark, which records
    /// `decoderVersion`; a slow machine's timeout may pass another time).
    private func remember(_ path: String, _ death: WorkerDeath, job: DecodeJob, cache: ThumbnailCache?) {
        state.withLock { failed[path] = death.reason + "; not tried again" }
        switch death {
        case .signal, .forbiddenCall, .refused:
            if let key = job.thumbnailKey ?? ThumbnailCache.key(for: path), let cache {
                cache.markFailed(path, key: key, decoder: Self.decoderVersion)
            }
        case .cannotStart, .timedOut, .exited: break
        }
    }

    /// What a failure mark records of the decoder that failed: the worker's sandbox revision and
    /// the decoding libraries' versions. A mark from another decoder (an older Lumen, a library
    /// updated) lets the file be tried once more; a new failure marks it again.
    package static let decoderVersion = "sandbox \(DecoderWorker.sandboxRevision); " + ImageDecoder.libraryVersions

    private func noteStartFailure(_ why: String) {
        let first = state.withLock { () -> Bool in
            defer { startFailure = why }
            return startFailure == nil
        }
        if first { log("\(why); decoding in the app instead") }
    }
}
