public import Foundation
public import KioskCore

extension HubStore {
    /// The attendance of day `date` over every gate, evaluated at `evaluatedAt`, from the decisions the kiosks
    /// recorded. `source` names the report (the hub).
    public func report(
        on date: AttendanceDate,
        evaluatedAt: Date,
        rules: AttendanceRules,
        source: String
    ) async throws(KioskError) -> AttendanceReport {
        let (facts, lastReceivedAt) = try await storage.attendanceFacts(on: date, evaluatedAt: evaluatedAt, policy: rules.policy)
        return AttendanceReport(
            source: source,
            attendance: facts.attendance(on: date, evaluatedAt: evaluatedAt, rules: rules),
            completeness: ReportCompleteness(
                pending: 0,
                quarantined: 0,
                lastSyncedAt: lastReceivedAt,
                unsynchronisedClockReads: facts.unsynchronisedClockReads
            )
        )
    }
}
