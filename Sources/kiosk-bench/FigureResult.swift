/// A named value with its unit, such as ("p99", 1.8, "ms").
struct Measured: Codable, Sendable {
    let label: String
    let value: Double
    let unit: String
}

/// What one figure measured: its values, the baseline measured in the same run, their ratio and the goal.
struct FigureResult: Codable, Sendable {
    /// The figure's own values (e.g. p50 and p99 of a tap).
    let values: [Measured]
    /// The same-run baseline (e.g. p50 and p99 of a raw append+fdatasync).
    let baseline: [Measured]
    /// The figure's headline value divided by the baseline's.
    let ratio: Double
    /// The goal, in words with its numbers (e.g. "p99 ≤ 2 × fdatasync p99 + 1 ms").
    let goal: String
    /// Whether the measured values meet the goal.
    let met: Bool
    /// Anything a reader of the figure needs to know (sample count, cause of a miss).
    let note: String
}
