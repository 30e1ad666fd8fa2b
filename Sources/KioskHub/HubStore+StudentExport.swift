public import Foundation
public import KioskCore
import KioskHubStorage
public import KioskWire

/// `kiosk-hub student export` (CONTRACT.md "Export"): everything the hub holds about one student, as one JSON
/// document, for the student to take away.
public struct StudentExport: Sendable, Encodable {
    /// Their roster entry, as `roster list` gives it; nil when the roster no longer holds them.
    public let student: WireStudent?
    /// Every card UID held about them: their tags, and the UIDs of their events.
    public let cards: [String]
    public let passes: [WirePass]
    /// Their requests for a leave pass.
    public let requests: [WirePassRequest]
    /// Their events and their cards' reads, oldest first, as the wire carries them.
    public let events: [WireEvent]
    /// The alerts that name them or one of their cards.
    public let alerts: [Alert]
    /// Their parents' contacts.
    public let parentContacts: [String]

    /// The document, keys in the contract's order.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(student, forKey: .student)
        try container.encode(cards, forKey: .cards)
        try container.encode(passes, forKey: .passes)
        try container.encode(requests, forKey: .requests)
        try container.encode(events, forKey: .events)
        try container.encode(alerts, forKey: .alerts)
        try container.encode(parentContacts, forKey: .parentContacts)
    }

    private enum CodingKeys: String, CodingKey {
        case student, cards, passes, requests, events, alerts, parentContacts
    }
}

extension HubStore {
    /// Everything `property` holds about student `studentID`; `.dataError` when it holds nothing of them.
    public func exportStudent(
        _ studentID: String,
        property propertyID: String,
        now: Date = WallClock.system.now()
    ) async throws(KioskError) -> StudentExport {
        let (_, entry, cards, events, passes, alerts) = try await holdings(ofStudent: studentID, property: propertyID)
        let contacts = try await storage.parentContacts(of: studentID, property: propertyID)
        return StudentExport(
            student: entry.map { WireRoster([$0]).students[0] },
            cards: cards,
            passes: WireRoster([], passes: passes).passes,
            requests: try await storage.passRequests(property: propertyID).filter { $0.leave.studentID == studentID }.map {
                WirePassRequest($0, now: now)
            },
            events: events.map(WireEvent.init),
            alerts: alerts,
            parentContacts: contacts.map(\.value)
        )
    }

    /// What `propertyID` holds about student `studentID`: the property, their roster entry, every card UID held about
    /// them (their tags, then their events' UIDs), their events and their cards' reads, their passes, and the alerts
    /// naming them or one of their cards; `.dataError` (`.notFound`) when it holds none of the first four.
    func holdings(
        ofStudent studentID: String,
        property propertyID: String
    ) async throws(KioskError) -> (HubProperty, RosterEntry?, cards: [String], [EventRecord], [LeavePass], [Alert]) {
        let property = try await self.property(propertyID)
        let entry = try await storage.roster(property: property.id).first { $0.student.id == studentID }
        let tags = entry?.tags.map(\.hex) ?? []
        let events = try await storage.events(property: property.id, ofStudent: studentID, orUIDs: tags)
        let passes = try await storage.passes(property: property.id, from: nil, through: nil).filter { $0.studentID == studentID }
        guard entry != nil || !events.isEmpty || !passes.isEmpty else {
            throw KioskError(.dataError, "no student '\(studentID)' at property '\(property.id)'", domain: .notFound)
        }
        var cards = tags
        for uid in events.compactMap(\.uid?.hex) where !cards.contains(uid) { cards.append(uid) }
        let alerts = try await storage.alerts(property: property.id, events: nil, since: nil).map(\.alert).filter { alert in
            alert.students.contains { $0.studentId == studentID } || alert.uid.map(cards.contains) == true
        }
        return (property, entry, cards, events, passes, alerts)
    }
}
