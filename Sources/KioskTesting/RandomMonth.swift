public import Foundation
public import KioskCore

/// A month of random records for the numbered roster's students (`NumberedRoster`), from a seed: accepted taps of
/// either direction at any time of day (day starts, curfews and several at one instant included), ignored and
/// unknown reads, from two days before the month to two days after it, and leave passes of an hour to a few days;
/// under settings drawn from the seed too (zones with a daylight-saving change in the month, curfews before and
/// after midnight). For tests that a monthly sheet gives each day's status as that day's report does.
public struct RandomMonth: Sendable {
    public let month: AttendanceMonth
    public let policy: AttendancePolicy
    public let students: Int
    /// Sorted by `seq`; all of kiosk `gate-random`.
    public let events: [EventRecord]
    public let passes: [LeavePassRequest]
    /// Instants to evaluate the sheet at: during the month (its last day not over) and after it.
    public let evaluationInstants: [Date]

    public init(seed: UInt64, month: AttendanceMonth = AttendanceMonth(parsing: "2026-10")!, students: Int = 12) throws {
        var random = SeededRandom(seed: seed)
        let zone = ["Europe/Berlin", "Asia/Kolkata", "America/New_York"][Int(seed % 3)]
        let policy = AttendancePolicy(
            timeZone: TimeZone(identifier: zone)!,
            dayStartsAt: [TimeOfDay(hour: 4, minute: 0)!, TimeOfDay(hour: 0, minute: 0)!].randomElement(using: &random)!,
            curfew: [TimeOfDay(hour: 22, minute: 30)!, TimeOfDay(hour: 1, minute: 0)!, TimeOfDay(hour: 4, minute: 0)!].randomElement(using: &random)!,
            debounceSeconds: 10,
            initialState: Bool.random(using: &random) ? .in : .out
        )
        self.policy = policy
        self.month = month
        self.students = students
        let days = month.days
        var instants: [(student: Int?, at: Date, outcome: EventOutcome)] = []
        for day in [days[0].adding(days: -2), days[0].adding(days: -1)] + days + [days[days.count - 1].next, days[days.count - 1].adding(days: 2)] {
            let start = policy.start(of: day)
            let special = [start, policy.curfew(of: day), start.addingTimeInterval(-0.001)]
            for student in 0..<students {
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    let at =
                        Int.random(in: 0..<8, using: &random) == 0
                        ? special.randomElement(using: &random)!
                        : start.addingTimeInterval(Double(Int.random(in: 0..<(26 * 3_600_000), using: &random)) / 1000)
                    instants.append((student, at, Int.random(in: 0..<6, using: &random) == 0 ? .ignored : .accepted))
                    if Int.random(in: 0..<10, using: &random) == 0 { instants.append((student, at, .accepted)) }
                }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                instants.append((nil, start.addingTimeInterval(Double(Int.random(in: 0..<(24 * 3_600_000), using: &random)) / 1000), .unknown))
            }
        }
        events = try instants.enumerated().map { index, read in
            let seq = Int64(index + 1)
            let student = read.student
            return EventRecord(
                id: EventID.make(at: read.at, using: &random),
                kioskID: "gate-random",
                seq: seq,
                reader: "entrance",
                uid: try student.map(NumberedRoster.card) ?? TagUID(parsing: String(format: "0A0B0C%02X", seq % 3)),
                studentID: student.map { "S\($0)" },
                kind: student == nil ? .unknown : .tap,
                direction: read.outcome == .accepted ? (Bool.random(using: &random) ? .in : .out) : nil,
                outcome: read.outcome,
                reason: nil,
                occurredAt: read.at,
                recordedAt: read.at,
                monotonicNanoseconds: seq,
                bootID: "boot-random",
                clockSynchronised: true
            )
        }
        passes = try (0..<(students / 2)).map { _ in
            let from = policy.start(of: days.randomElement(using: &random)!).addingTimeInterval(Double(Int.random(in: 0..<96, using: &random)) * 900)
            let until = from.addingTimeInterval(Double(Int.random(in: 4..<(4 * 24 * 3), using: &random)) * 900)
            return try LeavePassRequest(studentID: "S\(Int.random(in: 0..<students, using: &random))", from: from, until: until, reason: "leave")
        }
        evaluationInstants = [
            policy.start(of: days[16]).addingTimeInterval(Double(Int.random(in: 0..<(24 * 3_600_000), using: &random)) / 1000),
            policy.end(of: days[days.count - 1]).addingTimeInterval(3 * 86_400),
        ]
    }

    /// The numbered roster of `students` students, as CSV.
    public var rosterCSV: String { NumberedRoster.csv(students: students) }

    /// The days a sheet evaluated at `now` reports: the month's, up to the one containing `now`.
    public func reportedDays(now: Date) -> [AttendanceDate] {
        month.days.filter { $0 <= policy.attendanceDay(containing: now) }
    }

    /// Where `sheet` differs from `reports`, the daily reports of its days in order: one line per difference, none
    /// when it lists the latest report's students and gives each day's status and lateness as that day's report does.
    public static func differences(between sheet: MonthlySheet, and reports: [DailyAttendance]) -> [String] {
        var differences: [String] = []
        if sheet.days != reports.map(\.date) { differences.append("days \(sheet.days) instead of \(reports.map(\.date))") }
        if sheet.students.map(\.student) != reports.last?.students.map(\.student) { differences.append("another roster") }
        for (row, (day, report)) in sheet.students.flatMap({ row in zip(row.days, reports).map { (row, $0) } }) {
            let expected = report.students.first { $0.student.id == row.student.id }
            if day.date != report.date || day.status != expected?.status || day.late != expected?.late {
                differences.append("\(row.student.id) \(day.date): \(day.status) late \(day.late), its report \(String(describing: expected))")
            }
        }
        return differences
    }
}

/// SplitMix64: a small generator whose sequence a seed fixes, so a failing random case can be run again.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
