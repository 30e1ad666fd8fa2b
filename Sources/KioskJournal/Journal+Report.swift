public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension Journal {
    /// The attendance report of day `date` evaluated at `evaluatedAt`, from the recorded decisions.
    public func report(on date: AttendanceDate, evaluatedAt: Date, rules: AttendanceRules) async throws(KioskError) -> AttendanceReport {
        let kioskID = self.kioskID
        return try await read { db in
            let facts = try AttendanceFacts(db, from: rules.policy.start(of: date), to: evaluatedAt, policy: rules.policy)
            return AttendanceReport(
                source: kioskID,
                attendance: facts.attendance(on: date, evaluatedAt: evaluatedAt, rules: rules),
                completeness: try Self.completeness(db, kioskID: kioskID, clockReads: facts)
            )
        }
    }

    /// The monthly sheet of `month` evaluated at `now`: each day's status as that day's report gives it, from one read
    /// of the month.
    public func monthlySheet(_ month: AttendanceMonth, now: Date, rules: AttendanceRules) async throws(KioskError) -> MonthlySheet {
        try await MonthlySheet.build(month: month, rules: rules, now: now) { start, end throws(KioskError) in
            try await read { db in try AttendanceFacts(db, from: start, to: end, policy: rules.policy) }
        }
    }

    /// How complete the journal's data is, with the clock's counts of `clockReads` (none when nil).
    static func completeness(_ db: Database, kioskID: String, clockReads: AttendanceFacts?) throws -> ReportCompleteness {
        let pending = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE kiosk_id = ? AND sync_state = 'pending'", arguments: [kioskID])
        let quarantined = try Int.fetchOne(
            db,
            sql: "SELECT COUNT(*) FROM event WHERE kiosk_id = ? AND sync_state = 'quarantined'",
            arguments: [kioskID]
        )
        let lastSynced = try Int64.fetchOne(db, sql: "SELECT MAX(synced_at) FROM event WHERE synced_at IS NOT NULL")
        return ReportCompleteness(
            pending: pending ?? 0,
            quarantined: quarantined ?? 0,
            lastSyncedAt: lastSynced.map(Date.init(storeMillis:)),
            unsynchronisedClockReads: clockReads?.unsynchronisedClockReads ?? 0,
            correctedClockReads: clockReads?.correctedClockReads ?? 0
        )
    }
}
