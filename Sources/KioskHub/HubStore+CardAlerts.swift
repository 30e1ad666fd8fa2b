import Foundation
import KioskCore
import KioskHubStorage

extension HubStore {
    /// How far back the card alerts look at each decision: a refused read, or reads that contradict each other, of
    /// the last hour.
    static let cardAlertWindow: TimeInterval = 3600

    /// The most reads one round of card alerts reads from the last hour, and again from the arrivals.
    static let cardAlertReads = 5000

    /// The reads of `property` that arrived since the previous round of its card alerts (none at the first: the
    /// window covers what came before), whenever they occurred, and the cursor to read from next.
    func cardReadsArrived(property: String) async throws(KioskError) -> CardReadsArrived {
        guard let cursor = cardAlertCursors.cursor(of: property) else {
            return CardReadsArrived(reads: [], next: try await storage.latestCursor())
        }
        var reads: [EventRecord] = []
        var next = cursor
        while reads.count < Self.cardAlertReads {
            let page = try await storage.records(after: next, limit: 1000, property: property, excludingKiosk: "")
            next = page.next
            if page.records.isEmpty { break }
            reads += page.records
        }
        return CardReadsArrived(reads: reads, next: next)
    }

    /// `card_refused` for each tag a gate refused (once per tag and hour), and for a tag whose verified SUN counters
    /// do not increase in the order its reads happened (a recorded SUN shown at a gate that had not yet heard of the
    /// later one); `card_shared` when one card was accepted at two gates within `travelSeconds` of each other. Decided
    /// over the reads of the last hour and those `arrived` since the previous round, however old.
    func cardAlerts(_ property: HubProperty, arrived: [EventRecord], settings: AlertSettings, now: Date) async throws(KioskError) -> [Alert] {
        let recent = try await storage.events(
            property: property.id,
            matching: EventFilter(since: now.addingTimeInterval(-Self.cardAlertWindow)),
            limit: Self.cardAlertReads
        )
        let reads = Dictionary((recent + arrived).map { ($0.id, $0) }) { first, _ in first }.values
            .filter { $0.uid != nil && $0.occurredAt <= now }
            .sorted { ($0.occurredAt, $0.kioskID, $0.seq) < ($1.occurredAt, $1.kioskID, $1.seq) }
        let zone = property.policy.timeZone
        var alerts: [Alert] = []
        var refusedHours: Set<String> = []
        func refused(_ read: EventRecord, reason: String) {
            guard let uid = read.uid?.hex else { return }
            let hour = String(Int64((read.occurredAt.timeIntervalSince1970 / 3600).rounded(.down)))
            guard refusedHours.insert(uid + " " + hour).inserted else { return }
            alerts.append(
                Alert(
                    id: Self.alertID("card_refused", property.id, uid, hour),
                    event: .cardRefused,
                    property: property.id,
                    at: Timestamp.format(read.occurredAt, in: zone),
                    kiosk: read.kioskID,
                    uid: uid,
                    reason: reason
                )
            )
        }
        var shared: [(EventRecord, EventRecord)] = []
        for (_, tagReads) in Dictionary(grouping: reads, by: { $0.uid?.hex ?? "" }) {
            var highest: EventRecord?
            var lastAccepted: EventRecord?
            for read in tagReads {
                if let refusal = read.refusal { refused(read, reason: refusal.rawValue) }
                if let counter = read.sunCounter {
                    if let highest, let previous = highest.sunCounter, counter <= previous {
                        refused(
                            read,
                            reason: "replayed: counter \(counter) at \(read.kioskID) after counter \(previous) at \(highest.kioskID)"
                        )
                    } else {
                        highest = read
                    }
                }
                guard read.outcome == .accepted, read.kind == .tap else { continue }
                if let lastAccepted, lastAccepted.kioskID != read.kioskID,
                    read.occurredAt.timeIntervalSince(lastAccepted.occurredAt) <= Double(settings.travelSeconds)
                {
                    shared.append((lastAccepted, read))
                }
                lastAccepted = read
            }
        }
        guard !shared.isEmpty else { return alerts }
        let roster = Dictionary(try await rosterEntries(property: property.id).map { ($0.student.id, $0.student) }) { first, _ in first }
        return alerts + shared.map { sharedAlert($0, $1, student: $1.studentID.flatMap { roster[$0] }, property: property) }
    }

    /// `card_shared` for two accepted reads of one card at two gates, naming the card's student.
    private func sharedAlert(_ first: EventRecord, _ second: EventRecord, student: Student?, property: HubProperty) -> Alert {
        let seconds = Int(second.occurredAt.timeIntervalSince(first.occurredAt).rounded())
        let uid = second.uid?.hex ?? ""
        return Alert(
            id: Self.alertID("card_shared", property.id, first.id.rawValue, second.id.rawValue),
            event: .cardShared,
            property: property.id,
            at: Timestamp.format(second.occurredAt, in: property.policy.timeZone),
            students: student.map { [Alert.Student(studentId: $0.id, name: $0.name, room: $0.room, lastOut: nil)] } ?? [],
            kiosk: second.kioskID,
            uid: uid,
            reason: "accepted at \(first.kioskID) and \(second.kioskID) \(seconds) s apart"
        )
    }
}

/// The reads that arrived since a property's previous round of card alerts, and where the next round reads from.
struct CardReadsArrived: Sendable {
    let reads: [EventRecord]
    let next: Int64
}
