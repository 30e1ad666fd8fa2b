public import Foundation
public import KioskCore
public import KioskHubStorage

extension HubStore {
    /// The attendance of `property` on day `date` (default the day containing `now`) over every gate of the property,
    /// evaluated at min(now, end of the day), from the decisions its kiosks recorded.
    public func report(for property: HubProperty, on date: AttendanceDate? = nil, now: Date) async throws(KioskError) -> AttendanceReport {
        try await reportWithFacts(for: property, on: date, now: now).report
    }

    /// `report(for:on:now:)` and the facts it was computed from.
    func reportWithFacts(
        for property: HubProperty,
        on date: AttendanceDate? = nil,
        now: Date
    ) async throws(KioskError) -> (report: AttendanceReport, facts: AttendanceFacts) {
        let policy = property.policy
        let day = date ?? policy.attendanceDay(containing: now)
        let evaluatedAt = policy.evaluationInstant(of: day, now: now)
        let (facts, lastReceivedAt) = try await storage.attendanceFacts(
            from: policy.start(of: day),
            to: evaluatedAt,
            policy: policy,
            property: property.id
        )
        let report = AttendanceReport(
            source: "hub",
            attendance: facts.attendance(on: day, evaluatedAt: evaluatedAt, rules: AttendanceRules(policy: policy)),
            completeness: ReportCompleteness(
                pending: 0,
                quarantined: 0,
                lastSyncedAt: lastReceivedAt,
                unsynchronisedClockReads: facts.unsynchronisedClockReads,
                correctedClockReads: facts.correctedClockReads
            )
        )
        return (report, facts)
    }

    /// The monthly sheet of `property` for `month`: each day's status as that day's report gives it, from one read of
    /// the month.
    public func monthlySheet(for property: HubProperty, month: AttendanceMonth, now: Date) async throws(KioskError) -> MonthlySheet {
        let policy = property.policy
        return try await MonthlySheet.build(month: month, rules: AttendanceRules(policy: policy), now: now) { start, end throws(KioskError) in
            try await storage.attendanceFacts(from: start, to: end, policy: policy, property: property.id).facts
        }
    }

    /// One row per property, by id, each with the summary of its own attendance day `date` (default the `default`
    /// property's current day), evaluated at min(now, end of that day).
    public func chainSummary(on date: AttendanceDate? = nil, now: Date) async throws(KioskError) -> ChainSummary {
        let day = date ?? defaultProperty.policy.attendanceDay(containing: now)
        let rows = try await eachProperty(try await properties().sorted(by: { $0.id < $1.id })) { property throws(KioskError) in
            let report = try await report(for: property, on: day, now: now)
            return ChainSummary.Row(propertyID: property.id, name: property.name, summary: report.attendance.summary)
        }
        return ChainSummary(date: day, properties: rows)
    }
}
