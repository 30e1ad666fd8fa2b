import KioskCore

/// Leave passes: grant one, and the current and coming ones with a cancel button each.
struct PassesPage: ConsoleContext {
    static let template = ConsoleTemplate.passes
    let passes: [PassLine]
    /// Requests whose leave has not ended, newest first.
    let requests: [RequestLine]
    let students: [StudentChoice]
    /// The form's default start.
    let now: String
    let timezone: String
}

/// A current or coming pass.
struct PassLine: Sendable {
    let id: String
    let name: String
    let link: String
    let from: String
    let until: String
    let reason: String
}

/// A pass request on the Passes page.
struct RequestLine: Sendable {
    let id: String
    let name: String
    let link: String
    let from: String
    let until: String
    let reason: String
    /// `pending`, `approved`, `declined` or `expired`.
    let state: String
    /// Whether the warden can still decide it.
    let pending: Bool
}

/// An active student a form can choose.
struct StudentChoice: Sendable {
    let id: String
    let name: String
    let room: String

    /// The active students of `roster`, in its order.
    static func active(in roster: [RosterEntry]) -> [StudentChoice] {
        roster.filter { $0.student.status == .active }.map { StudentChoice(id: $0.student.id, name: $0.student.name, room: $0.student.room) }
    }
}

/// The muster list for a fire drill or a night round: who is in now, by room, with a tick column; prints on A4.
struct MusterPage: ConsoleContext {
    static let template = ConsoleTemplate.muster
    let students: [MusterStudent]
    let count: Int
    let at: String
    /// Gates not heard from recently: their latest taps may be missing.
    let silentGates: [String]
}

/// A student inside.
struct MusterStudent: Sendable {
    let room: String
    let name: String
    let since: String
    let gate: String
}

/// The alerts the hub made, with each channel's delivery state.
struct AlertsPage: ConsoleContext {
    static let template = ConsoleTemplate.alerts
    let alerts: [AlertLine]
}

/// One alert.
struct AlertLine: Sendable {
    let made: String
    let event: String
    let about: String
    let delivery: String
}
