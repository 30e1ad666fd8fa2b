import Foundation
import KioskCore
import KioskHub
import KioskTesting
import KioskWire
import Testing

@testable import KioskHubStorage

/// The hub's monthly sheet, read once for the month, gives every day's status and lateness exactly as that day's
/// own report does, on random months (SQLite, or PostgreSQL when the run names a server).
@Suite struct HubMonthlySheetTests {
    @Test(arguments: 1...6)
    func eachDayOfTheSheetIsThatDaysReport(seed: Int) async throws {
        let random = try RandomMonth(seed: UInt64(seed))
        let hub = try await HubFixture()
        let property = HubProperty(id: "random", name: "Random PG", policy: random.policy)
        try await hub.store.createProperty(property)
        let rows = try RosterCSV.parse(random.rosterCSV, file: "roster.csv")
        _ = try await hub.store.importRoster(rows, file: "roster.csv", replace: true, property: property.id)
        for first in stride(from: 0, to: random.events.count, by: 1000) {
            let batch = random.events[first..<min(random.events.count, first + 1000)].map(WireEvent.init)
            #expect(try await hub.store.store(batch, property: property.id).allSatisfy { $0.status == .accepted })
        }
        for pass in random.passes { _ = try await hub.store.createPass(pass, property: property.id) }
        for now in random.evaluationInstants {
            let sheet = try await hub.store.monthlySheet(for: property, month: random.month, now: now)
            var reports: [DailyAttendance] = []
            for day in random.reportedDays(now: now) {
                reports.append(try await hub.store.report(for: property, on: day, now: now).attendance)
            }
            #expect(RandomMonth.differences(between: sheet, and: reports) == [], "seed \(seed), now \(now)")
            #expect(Set(sheet.students.flatMap { $0.days.map(\.status) }).count >= 4, "seed \(seed): too few statuses to tell")
        }
    }
}
