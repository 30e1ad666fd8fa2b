import KioskCore

/// Today: the attendance day's heading around its live part.
struct TodayPage: ConsoleContext {
    static let template = ConsoleTemplate.today
    let date: String
    let curfew: String
    let body: TodayBody
}

/// The live part of Today, sent again over server-sent events whenever the day changes: the counts, who is not back,
/// who is out, on leave or late, and the newest taps.
struct TodayBody: ConsoleContext {
    static let template = ConsoleTemplate.todayBody
    let summary: AttendanceSummary
    let evaluatedAt: String
    let groups: [TodayGroup]
    let latest: [TodayTap]
}

/// One table of Today: the students of one state.
struct TodayGroup: Sendable {
    let heading: String
    /// The table's element id.
    let id: String
    let rows: [TodayStudent]
    let timeHeading: String
}

/// A student in a table of Today.
struct TodayStudent: Sendable {
    let name: String
    let room: String
    let gate: String
    let time: String
    let link: String
}

/// One of the newest taps.
struct TodayTap: Sendable {
    let time: String
    let who: String
    let outcome: String
    let gate: String
    /// The student's page, for a known student.
    let link: String?
}
