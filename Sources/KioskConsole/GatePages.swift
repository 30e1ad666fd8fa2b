import KioskCore

/// Each gate's last contact and last record; offline when silent too long.
struct GatesPage: ConsoleContext {
    static let template = ConsoleTemplate.gates
    let gates: [GateLine]
    let offlineMinutes: Int
}

/// One gate.
struct GateLine: Sendable {
    let id: String
    /// `online` or `offline`.
    let state: String
    let lastContact: String
    let lastRecord: String
    /// How far the hub witnessed its signed log.
    let log: String
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
