import Foundation
import KioskCore
import KioskHubStorage

extension HubStore {
    /// How far back the passes whose taps parents hear of are looked for.
    static let parentLookBack: TimeInterval = 48 * 3600

    /// With `notify_parents`, for each pass of `property` that has not been over for `parentLookBack`: `student_left`
    /// for every accepted OUT tap it covers, and `student_returned` for the first accepted IN tap after each, to the
    /// student's parents (none for a student without contacts), as soon as the taps are stored (a gate whose clock is
    /// ahead is not kept waiting). Ids come from the taps, so deciding again adds nothing.
    func parentAlerts(_ property: HubProperty, settings: AlertSettings, now: Date) async throws(KioskError) -> [Alert] {
        guard settings.notifyParents else { return [] }
        let passes = try await storage.passes(property: property.id, from: now.addingTimeInterval(-Self.parentLookBack), through: now)
        guard !passes.isEmpty else { return [] }
        let roster = try await storage.roster(property: property.id)
        let zone = property.policy.timeZone
        var alerts: [Alert] = []
        for pass in passes {
            guard let student = roster.first(where: { $0.student.id == pass.studentID })?.student else { continue }
            let contacts = try await storage.parentContacts(of: student.id, property: property.id).map(\.value)
            guard !contacts.isEmpty else { continue }
            let taps = try await storage.events(property: property.id, matching: EventFilter(studentID: student.id, since: pass.from), limit: 1000)
                .filter { $0.outcome == .accepted }
                .sorted { $0.occurredAt < $1.occurredAt }
            for out in taps where out.direction == .out && pass.covers(out.occurredAt) {
                let named = Alert.Student(
                    studentId: student.id,
                    name: student.name,
                    room: student.room,
                    lastOut: Timestamp.format(out.occurredAt, in: zone)
                )
                alerts.append(
                    Alert(
                        id: Self.alertID("student_left", property.id, out.id.rawValue),
                        event: .studentLeft,
                        property: property.id,
                        at: Timestamp.format(out.occurredAt, in: zone),
                        students: [named],
                        kiosk: out.kioskID,
                        parentContacts: contacts
                    )
                )
                guard let back = taps.first(where: { $0.direction == .in && $0.occurredAt > out.occurredAt }) else { continue }
                alerts.append(
                    Alert(
                        id: Self.alertID("student_returned", property.id, out.id.rawValue),
                        event: .studentReturned,
                        property: property.id,
                        at: Timestamp.format(back.occurredAt, in: zone),
                        students: [named],
                        kiosk: back.kioskID,
                        parentContacts: contacts
                    )
                )
            }
        }
        return alerts
    }

    /// With `notify_parents`, a `not_returned` of one student for each student `alert` lists who has parents'
    /// contacts, to them.
    func notReturnedToParents(_ alert: Alert, settings: AlertSettings) async throws(KioskError) -> [Alert] {
        guard settings.notifyParents else { return [] }
        var alerts: [Alert] = []
        for student in alert.students {
            let contacts = try await storage.parentContacts(of: student.studentId, property: alert.property).map(\.value)
            guard !contacts.isEmpty else { continue }
            alerts.append(
                Alert(
                    id: Self.alertID(alert.id, "parents", student.studentId),
                    event: .notReturned,
                    property: alert.property,
                    at: alert.at,
                    students: [student],
                    parentContacts: contacts
                )
            )
        }
        return alerts
    }
}
