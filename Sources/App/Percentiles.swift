/// Summary statistics of timing samples.
enum Percentiles {
    /// The p-th percentile (0…100) by the nearest-rank method: the smallest sample with at
    /// least p % of the samples at or below it. 0 for no samples.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The median: the mean of the two middle samples for an even count.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let s = samples.sorted(), n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }
}
