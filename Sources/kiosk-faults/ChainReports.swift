import Foundation
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskJournal
import Logging

/// R7's report check: each kiosk's daily reports, restricted to its own students (no other kiosk records their
/// taps), against the hub's reports of the property for the same students, days and evaluation instants.
struct ChainReports: Sendable {
    /// Kiosks and days whose students' attendance differs, said in words.
    let mismatches: [String]
    /// Student-days compared, and the accepted taps counted in them (on the kiosks' side).
    let studentDays: Int
    let taps: Int

    /// Compares every day from the one holding `since` to today, evaluated as the hub's attendance endpoint would
    /// now, with the hub's store on the PostgreSQL database at `databaseURL`.
    init(_ kiosks: [ChainKiosk], databaseURL: String, since: Date) async throws {
        let policy = AttendancePolicy()
        let rules = AttendanceRules(policy: policy)
        let now = Date()
        var days = [policy.attendanceDay(containing: since)]
        while let last = days.last, last < policy.attendanceDay(containing: now) { days.append(last.next) }
        var quiet = Logger(label: "kiosk-faults.r7")
        quiet.logLevel = .critical
        let configuration = HubConfiguration(attendance: policy, databaseURL: databaseURL)
        let compared = try await HubDatabase.withStore(configuration, logger: quiet) { store in
            var mismatches: [String] = []
            var studentDays = 0
            var taps = 0
            for day in days {
                let evaluatedAt = policy.evaluationInstant(of: day, now: now)
                let hub = try await store.report(for: store.defaultProperty, on: day, now: now).attendance.students
                for kiosk in kiosks {
                    let own = Set(kiosk.students.map { "S\($0)" })
                    let kioskSide = try await kiosk.journal.report(on: day, evaluatedAt: evaluatedAt, rules: rules).attendance.students
                        .filter { own.contains($0.student.id) }
                    let hubSide = hub.filter { own.contains($0.student.id) }
                    studentDays += kioskSide.count
                    taps += kioskSide.map(\.taps).reduce(0, +)
                    if kioskSide != hubSide { mismatches.append(Self.describe(kiosk.id, day, kioskSide, hubSide)) }
                }
            }
            return (mismatches, studentDays, taps)
        }
        (mismatches, studentDays, taps) = compared
    }

    /// The first student whose attendance differs, as each side reports it.
    private static func describe(_ kiosk: String, _ day: AttendanceDate, _ kioskSide: [StudentAttendance], _ hubSide: [StudentAttendance]) -> String {
        let hubByID = Dictionary(hubSide.map { ($0.student.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard let differing = kioskSide.first(where: { hubByID[$0.student.id] != $0 }) else {
            return "\(kiosk) \(day): the hub reports \(hubSide.count) of its students, the kiosk \(kioskSide.count)"
        }
        let hub = hubByID[differing.student.id].map { "\($0.status.rawValue), \($0.taps) taps" } ?? "absent from the report"
        return "\(kiosk) \(day): \(differing.student.id) is \(differing.status.rawValue), \(differing.taps) taps at the kiosk; at the hub \(hub)"
    }
}
