import Foundation
import KioskCore
import KioskJournal
import KioskTesting
import Testing

/// The journal's monthly sheet, read once for the month, gives every day's status and lateness exactly as that
/// day's own report does, on random months.
@Suite struct JournalMonthlySheetTests {
    @Test(arguments: 1...6)
    func eachDayOfTheSheetIsThatDaysReport(seed: Int) async throws {
        let random = try RandomMonth(seed: UInt64(seed))
        let scratch = try ScratchDirectory("journal-month")
        let journal = try await NumberedRoster.journal(at: scratch.path + "/journal.sqlite", kioskID: "gate-1", students: random.students)
        _ = try await journal.insertPulled(random.events, cursor: Int64(random.events.count), at: Date())
        for pass in random.passes { _ = try await journal.createPass(pass) }
        let rules = AttendanceRules(policy: random.policy)
        for now in random.evaluationInstants {
            let sheet = try await journal.monthlySheet(random.month, now: now, rules: rules)
            var reports: [DailyAttendance] = []
            for day in random.reportedDays(now: now) {
                reports.append(
                    try await journal.report(on: day, evaluatedAt: random.policy.evaluationInstant(of: day, now: now), rules: rules).attendance
                )
            }
            #expect(RandomMonth.differences(between: sheet, and: reports) == [], "seed \(seed), now \(now)")
            #expect(Set(sheet.students.flatMap { $0.days.map(\.status) }).count >= 4, "seed \(seed): too few statuses to tell")
        }
    }
}
