import DecodeWorkers
import Dispatch
import FoundationEssentials
import Imaging
import Render
import SystemSupport

/// `lumen bench --decode PATH…`: photos decoded to thumbnails on every core, as a folder
/// opening would: throughput, and the time one photo takes.
enum DecodeBench {
    struct Report {
        var photos: Int
        var failures: Int
        var width: Int
        var cores: Int
        var seconds: Double
        /// Milliseconds per photo (each on one core).
        var perPhoto: [Double]
        /// Peak resident memory of the process.
        var peakBytes = 0
        /// The largest decoder worker's peak resident memory (nil: decoded in the app).
        var workerPeakBytes: Int?

        var photosPerSecond: Double { seconds > 0 ? Double(photos) / seconds : 0 }

        func text() -> String {
            var lines = [StandardError.programName + String(printf: " bench --decode: %d photos to %d-pixel-wide thumbnails on %d cores in %.2f s: %.1f photos/s",
                                photos, width, cores, seconds, photosPerSecond)]
            lines.append(String(printf: "  per photo             median %6.2f ms   p99 %6.2f ms",
                                Percentiles.median(perPhoto), Percentiles.percentile(perPhoto, 99)))
            lines.append(String(printf: "  peak memory           %.1f MB", Double(peakBytes) / 1_048_576)
                         + (workerPeakBytes.map { String(printf: " (app); the largest decoder worker %.1f MB", Double($0) / 1_048_576) } ?? " (decoded in the app)"))
            if failures > 0 { lines.append("  \(failures) could not be decoded") }
            return lines.joined(separator: "\n")
        }

        /// The report as one JSON object.
        func json() -> String {
            struct Stat: Encodable { let median: Double, p99: Double }
            struct JSON: Encodable {
                let photos: Int, failures: Int, width: Int, cores: Int
                let seconds: Double, photosPerSecond: Double
                let perPhotoMs: Stat
                let peakMemoryBytes: Int, workerPeakMemoryBytes: Int
            }
            return Bench.JSONReport.encoded(JSON(
                photos: photos, failures: failures, width: width, cores: cores, seconds: seconds.rounded(3),
                photosPerSecond: photosPerSecond.rounded(2),
                perPhotoMs: Stat(median: Percentiles.median(perPhoto).rounded(3), p99: Percentiles.percentile(perPhoto, 99).rounded(3)),
                peakMemoryBytes: peakBytes, workerPeakMemoryBytes: workerPeakBytes ?? 0))
        }
    }

    /// Thread-safe collection of per-photo results.
    private final class Results: Sendable {
        private let state = Locked<(times: [Double], failures: [String])>(([], []))
        var times: [Double] { state.withLock { $0.times } }
        var failures: [String] { state.withLock { $0.failures } }
        func add(_ ms: Double, failure: String?) { state.withLock { $0.times.append(ms); if let failure { $0.failures.append(failure) } } }
    }

    static func measure(_ options: BenchOptions, decoder: PhotoDecoding) throws(UsageError) -> Report {
        let photos: [Photo]
        do { photos = try PhotoLibrary.photos(in: options.decode, skipped: { StandardError.message("\($0)") }) } catch { throw UsageError("--decode: \(error.message)") }
        guard !photos.isEmpty else { throw UsageError("--decode: no photos in \(options.decode.joined(separator: ", "))") }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let results = Results()
        let width = options.thumbnailWidth
        let paths = photos.map(\.path)
        let start = Stopwatch.now()
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let t0 = Stopwatch.now()
            let r = decoder.decode(path: paths[i], job: DecodeJob(width: width), thumbnails: nil)
            var failure: String?
            if case .failure(let f) = r { failure = "\(LogText.escaped(paths[i])): \(f.reason)" }
            results.add((Stopwatch.now() - t0) * 1000, failure: failure)
        }
        let seconds = Stopwatch.now() - start
        // The workers are ended so their peak memory can be read.
        (decoder as? DecoderPool)?.shutDown()
        // Each failure's line, as the window would log it.
        for line in results.failures.sorted() { StandardError.message("\(line)") }
        return Report(photos: paths.count, failures: results.failures.count, width: width, cores: cores, seconds: seconds,
                      perPhoto: results.times, peakBytes: Stopwatch.peakResidentBytes(),
                      workerPeakBytes: decoder is DecoderPool ? Stopwatch.peakChildResidentBytes() : nil)
    }
}
