import Foundation
import KioskCore
import KioskHub
import KioskHubStorage
import KioskJournal
import KioskReports
import KioskSync
import KioskTesting
import KioskWire
import Testing

/// Reads made with an unsynchronised clock three hours slow, synced to a real hub on the true clock: the gate measures
/// its offset from `Hub-Time`, records corrected times as facts of their own, and sends them; the gate's report and
/// the hub's place the reads at their corrected times and count them; the hub's feed gives them `correctedAt`.
@Suite(.enabled(if: !SystemClockStatus.isSynchronised, "the kernel says this clock is synchronised: every read is clockSynced, none is corrected"))
struct ClockCorrectionTests {
    @Test func readsOfASlowUnsynchronisedGateArePlacedAtTheHubsTime() async throws {
        let fixture = try await SyncFixture(events: 0)
        let slow = WallClock { Date().addingTimeInterval(-3 * 3600) }
        let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "UTC")!))
        var ids: [EventID] = []
        for index in 0..<3 {
            let read = TagRead(
                uid: try TagUID(parsing: String(format: "04%06X", index)),
                reader: "entrance",
                readerDirection: .toggle,
                occurredAt: slow.now()
            )
            ids.append(try await fixture.journal.record(read, rules: rules, clock: slow).eventID)
        }
        let typed = try await fixture.journal.record(
            TagRead(
                uid: try TagUID(parsing: "04FFFFFF"),
                reader: "entrance",
                readerDirection: .toggle,
                occurredAt: Date()
            ),
            rules: rules,
            clock: slow
        )
        let before = Date()
        try await fixture.run(FaultScript(), kioskClock: slow) { engine in
            _ = try await SyncFixture.drain(engine)
        }
        let after = Date()

        // The gate: each read's corrected time lies between the pass's start and end on the true clock; the read
        // whose time was typed (the true time, three hours from the gate's clock) stays as it was; the events are unchanged.
        let corrections = try await fixture.journal.pendingCorrections(limit: 10)
        #expect(corrections.isEmpty, "every correction was acknowledged by the hub")
        let events = try await fixture.journal.ownEvents(fromSeq: 1, limit: 10)
        #expect(
            events.count == 4 && events.filter { $0.id != typed.eventID }.allSatisfy { $0.occurredAt < before.addingTimeInterval(-3 * 3600 + 60) }
        )
        let hubRecords = try await fixture.hub.storage.corrections(ofEvents: ids + [typed.eventID])
        #expect(Set(hubRecords.keys) == Set(ids))
        for corrected in hubRecords.values {
            #expect(corrected > before.addingTimeInterval(-60) && corrected <= after, "\(corrected) not within the pass")
        }

        // Both reports place the reads on the true clock's day and count them; the typed one stays uncorrected.
        let today = rules.policy.attendanceDay(containing: after)
        let gateReport = try await fixture.journal.report(on: today, evaluatedAt: after, rules: rules)
        #expect(gateReport.completeness.correctedClockReads == 3)
        #expect(gateReport.completeness.unsynchronisedClockReads == 1, "the typed read is still uncorrected")
        let hubReport = try await fixture.hub.report(for: fixture.hub.defaultProperty, on: today, now: after)
        #expect(hubReport.completeness.correctedClockReads == 3 && hubReport.completeness.unsynchronisedClockReads == 1)
        for report in [gateReport, hubReport] {
            let corrected = report.attendance.unknownTags.filter { $0.uid.hex != "04FFFFFF" }
            #expect(corrected.count == 3 && corrected.allSatisfy { $0.lastSeen > before.addingTimeInterval(-60) && $0.lastSeen <= after })
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(ReportRenderer().render(gateReport, as: .json).utf8)) as? [String: Any]
        )
        #expect(json["clock"] as? [String: Int] == ["corrected": 3, "uncorrected": 1])
        #expect(ReportRenderer().render(hubReport, as: .text).contains("Clock: 3 corrected, 1 uncorrected"))
        let page = try await fixture.hub.events(after: 0, limit: 10, excludingKiosk: "gate-9")
        #expect(page.events.filter { $0.correctedAt != nil }.map(\.id).sorted() == ids.map(\.rawValue).sorted())
        #expect(page.events.first { $0.id == typed.eventID.rawValue }?.correctedAt == nil)
    }
}
