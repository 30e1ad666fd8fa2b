import KioskCore

/// Any day's report, as the JSON report has it, with its downloads.
struct DayReportPage: ConsoleContext {
    static let template = ConsoleTemplate.dayReport
    let date: String
    let curfew: String
    let evaluatedAt: String
    let lastSyncedAt: String
    let summary: AttendanceSummary
    let students: [ReportStudent]
    let unknown: [UnknownCard]
    /// The downloads' query: the property and the date.
    let query: String
}

/// A student's line of a day's report.
struct ReportStudent: Sendable {
    let id: String
    let name: String
    let room: String
    let status: String
    let firstIn: String
    let lastOut: String
    let taps: Int
    /// `late` or empty.
    let late: String
    let link: String
}

/// A card read that is on nobody's roster.
struct UnknownCard: Sendable {
    let uid: String
    let reads: Int
    let lastSeen: String
}

/// The monthly sheet: students × days, one letter a day, totals per student and per day.
struct MonthPage: ConsoleContext {
    static let template = ConsoleTemplate.month
    let rows: [MonthStudent]
    let days: [MonthDay]
    let previous: String
    let next: String
    let previousQuery: String
    let nextQuery: String
    let query: String
}

/// A student's row of the sheet.
struct MonthStudent: Sendable {
    let name: String
    let room: String
    let link: String
    /// One letter a day (empty before the student's first day).
    let cells: [String]
    /// P, L, N, A and V counted.
    let totals: [Int]
}

/// A day's column of the sheet.
struct MonthDay: Sendable {
    let day: Int
    let present: Int
}
