public import Foundation
public import KioskCore
public import KioskHubStorage

/// What the web console's Today page shows of a property: the day's report, the gate of each student's latest
/// accepted tap, and the newest events across its gates.
public struct ConsoleToday: Sendable {
    public let report: AttendanceReport
    /// The kiosk that recorded each student's latest accepted tap of the day, by student id.
    public let gates: [String: String]
    /// When each late student came in (their first accepted `in` tap at or after curfew), by student id.
    public let lateArrivals: [String: Date]
    /// The newest events of the property, newest first.
    public let latestEvents: [EventRecord]
    /// When time passing alone next changes the day (its curfew, its end, a pass starting or ending), if it does.
    public let nextChangeByTime: Date?
}

extension HubStore {
    /// How many of the newest events the Today page lists.
    public static let latestEventCount = 15
    /// The days of history a student's page lists.
    public static let studentHistoryDays = 30

    /// The Today page's content for `property` at `now`.
    public func today(for property: HubProperty, now: Date) async throws(KioskError) -> ConsoleToday {
        let (report, facts) = try await reportWithFacts(for: property, now: now)
        let attendance = report.attendance
        let curfew = property.policy.curfew(of: attendance.date)
        var latest: [String: AcceptedTap] = [:]
        var lateArrivals: [String: Date] = [:]
        for tap in facts.taps where tap.occurredAt < attendance.evaluatedAt {
            if let known = latest[tap.studentID], !known.precedes(tap) { continue }
            latest[tap.studentID] = tap
        }
        for tap in facts.taps where tap.direction == .in && tap.occurredAt >= curfew && tap.occurredAt < attendance.evaluatedAt {
            lateArrivals[tap.studentID] = min(lateArrivals[tap.studentID] ?? tap.occurredAt, tap.occurredAt)
        }
        let kiosks = try await storage.kioskIDs(ofEvents: latest.values.map(\.eventID))
        let gates = latest.compactMapValues { kiosks[$0.eventID] }
        let events = try await storage.events(property: property.id, matching: EventFilter(), limit: Self.latestEventCount)
        return ConsoleToday(
            report: report,
            gates: gates,
            lateArrivals: lateArrivals,
            latestEvents: events,
            nextChangeByTime: facts.nextChangeByTime(of: attendance.date, after: now, policy: property.policy)
        )
    }

    /// The events of one student of `property` in the last `studentHistoryDays` days before `now`, newest first.
    public func history(ofStudent studentID: String, property: String, now: Date) async throws(KioskError) -> [EventRecord] {
        let since = now.addingTimeInterval(-Double(Self.studentHistoryDays) * 86_400)
        return try await storage.events(property: property, matching: EventFilter(studentID: studentID, since: since), limit: 1000)
    }

    /// Changes a student's name, room or status; each field obeys the roster CSV's rules.
    public func updateStudent(_ student: Student, property: String) async throws(KioskError) {
        for (field, value) in [("name", student.name), ("room", student.room)] {
            if let problem = Student.fieldProblem(value) { throw KioskError(.dataError, "field '\(field)': \(problem)") }
        }
        guard try await storage.updateStudent(student, property: property) else {
            throw KioskError(.dataError, "no student '\(student.id)' at property '\(property)'", domain: .notFound)
        }
        await storage.announce(.day(property: property))
        try await audit(.studentEdit, property: property, subject: student.id, detail: "status \(student.status.rawValue)")
    }

    /// Takes a lost card off the roster: every gate answers UNKNOWN for it after its next sync pass. Returns the
    /// student who held it.
    public func revokeTag(_ uid: TagUID, property: String) async throws(KioskError) -> String {
        guard let owner = try await storage.removeTag(uid, property: property) else {
            throw KioskError(.dataError, "no student holds card \(uid)", domain: .notFound)
        }
        await storage.announce(.day(property: property))
        try await audit(.cardRevoke, property: property, subject: owner, detail: "card \(uid)")
        return owner
    }
}
