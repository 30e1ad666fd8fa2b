import KioskCore

/// Each gate as a tile: up or offline, last seen, and what its latest heartbeat said.
struct GatesPage: ConsoleContext {
    static let template = ConsoleTemplate.gates
    let gates: [GateLine]
    let offlineSeconds: Int
}

/// One gate's tile.
struct GateLine: Sendable {
    let id: String
    /// `up` or `offline`.
    let state: String
    let lastContact: String
    let lastRecord: String
    /// How far the hub witnessed its signed log.
    let log: String
    /// What its latest heartbeat said, one fact a line; empty before its first.
    let health: [GateFact]
}

/// One line of a gate's tile.
struct GateFact: Sendable {
    let label: String
    let value: String
    /// Something for the operator to look at (a failing reader, an old backlog, a far clock, a full disk).
    let warns: Bool
}

/// The operator's view: one row per property with its counts.
struct ChainPage: ConsoleContext {
    static let template = ConsoleTemplate.chain
    let properties: [ChainProperty]
    let date: String
}

/// One property of the chain.
struct ChainProperty: Sendable {
    let id: String
    let name: String
    let summary: AttendanceSummary
}

/// A warden's manual entry.
struct ManualPage: ConsoleContext {
    static let template = ConsoleTemplate.manual
    let students: [StudentChoice]
    /// The form's default time.
    let now: String
    let timezone: String
}
