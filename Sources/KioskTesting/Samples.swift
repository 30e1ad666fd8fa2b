/// Durations or rates collected by a benchmark or a fault scenario, with their percentiles.
public struct Samples: Sendable {
    public private(set) var values: [Double] = []

    public init() {}

    public mutating func append(_ value: Double) { values.append(value) }

    /// The nearest-rank percentile `p` (0...100); 0 when empty.
    public func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    public var p50: Double { percentile(50) }
    public var p99: Double { percentile(99) }
    /// The largest value; 0 when empty.
    public var max: Double { values.max() ?? 0 }
    public var count: Int { values.count }
}
