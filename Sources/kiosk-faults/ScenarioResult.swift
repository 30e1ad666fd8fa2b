/// A count a scenario reports, such as ("kills", 1000).
struct Count: Sendable {
    let label: String
    let value: Double
}

/// One invariant a scenario checked, with what was seen.
struct Invariant: Sendable {
    let statement: String
    let held: Bool
    let detail: String
}

/// What one scenario did (counts) and what it checked (invariants).
struct ScenarioResult: Sendable {
    let counts: [Count]
    let invariants: [Invariant]
}
