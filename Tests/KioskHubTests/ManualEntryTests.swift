import Foundation
import KioskCore
import Testing

@testable import KioskHub

/// A warden's manual entries through the hub on both backends.
@Suite struct ManualEntryTests {
    @Test func entriesMadeAtOnceAreEveryOneStoredWithSeqsWithoutGaps() async throws {
        let hub = try await HubFixture()
        _ = try await hub.store.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let store = hub.store
        let seqs = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try await store.recordManualEntry(
                        studentID: ["S001", "S002", "S003"][index % 3],
                        direction: index.isMultiple(of: 2) ? .in : .out,
                        at: now.addingTimeInterval(Double(index)),
                        reason: "entry \(index)",
                        property: "default",
                        now: now
                    ).seq
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(seqs.sorted() == Array(1...40))
        #expect(try await hub.store.eventIDs().count == 40)
    }
}
