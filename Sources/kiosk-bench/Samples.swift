/// Durations or rates collected by a figure, with their percentiles.
struct Samples: Sendable {
    private(set) var values: [Double] = []

    mutating func append(_ value: Double) { values.append(value) }

    /// The nearest-rank percentile `p` (0...100); 0 when empty.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var p50: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var count: Int { values.count }
}
