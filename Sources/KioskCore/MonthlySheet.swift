public import Foundation

/// The monthly sheet: every active student's status on each day of a month as that day's report gives it, and how
/// many days they were late. Days after the current attendance day are left out.
public struct MonthlySheet: Sendable, Hashable {
    /// One student's status on one day, and whether they were late that day.
    public struct Day: Sendable, Hashable {
        public let date: AttendanceDate
        public let status: AttendanceStatus
        public let late: Bool
    }

    /// One student's month.
    public struct Row: Sendable, Hashable {
        public let student: Student
        /// Each reported day, in day order.
        public let days: [Day]
        /// The days they were late.
        public var late: Int { days.filter(\.late).count }
    }

    public let month: AttendanceMonth
    /// The days reported: the month's, up to the current attendance day.
    public let days: [AttendanceDate]
    /// Sorted by student id.
    public let students: [Row]

    /// The sheet of `month` from one read of its facts (`facts(start, end)`: from the start of its first day to the
    /// evaluation instant of the last day reported), each day evaluated at min(now, its end) as its own report is;
    /// days after the one containing `now` are left out. The students are those of the latest day's report (the
    /// active roster).
    public static func build(
        month: AttendanceMonth,
        rules: AttendanceRules,
        now: Date,
        facts: (_ start: Date, _ end: Date) async throws(KioskError) -> AttendanceFacts
    ) async throws(KioskError) -> MonthlySheet {
        let policy = rules.policy
        let today = policy.attendanceDay(containing: now)
        let days = month.days.filter { $0 <= today }
        guard let first = days.first, let last = days.last else { return MonthlySheet(month: month, days: [], students: []) }
        let read = try await facts(policy.start(of: first), policy.evaluationInstant(of: last, now: now))
        let reports = read.attendances(of: days, now: now, rules: rules)
        let roster = reports.last?.students.map(\.student) ?? []
        let byDay = reports.map { report in Dictionary(report.students.map { ($0.student.id, $0) }, uniquingKeysWith: { first, _ in first }) }
        let rows = roster.map { student in
            Row(
                student: student,
                days: zip(days, byDay).compactMap { day, students in
                    students[student.id].map { Day(date: day, status: $0.status, late: $0.late) }
                }
            )
        }
        return MonthlySheet(month: month, days: days, students: rows)
    }
}
