import FoundationEssentials

extension Bench {
    /// `bench --json`'s object: snake-case keys, sorted.
    struct JSONReport: Encodable {
        struct Stat: Encodable { let median: Double, p99: Double }
        struct ProfileEntry: Encodable { let ms: Double, quads: Double, megapixels: Double, label: String }
        let scene: String
        let width: Int, height: Int
        let scale: Double
        let frames: Int, threads: Int
        let renderer: String
        let layoutMs: Stat, renderMs: Stat, frameMs: Stat
        let presentMs: Stat?, renderCpuMs: Stat?, renderGpuMs: Stat?
        let paintedMegapixels: Double?
        let presentPath: String?
        let peakMemoryBytes: Int
        let gpuProfile: [ProfileEntry]?

        /// `value` as one line of JSON with snake-case keys, sorted (JSONEncoder keeps no order).
        static func encoded(_ value: some Encodable) -> String {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(value) else { return "{}" }
            return String(decoding: data, as: UTF8.self)
        }
    }
}

extension Double {
    /// The value rounded to `places` decimal places, as a report prints it.
    func rounded(_ places: Int) -> Double {
        let scale = (0..<places).reduce(1.0) { r, _ in r * 10 }
        return (self * scale).rounded() / scale
    }
}
