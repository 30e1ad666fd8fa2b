public import Foundation
public import KioskCore
public import KioskHubStorage
public import KioskWire

extension HubStore {
    /// Stores the valid events of a batch from a kiosk of `property`, each at most once: an id already stored for the
    /// same kiosk is a duplicate; an id another kiosk's event has, or a `seq` another event of the kiosk has, is
    /// rejected (it is not this event's to take); an invalid event is rejected with the field to blame.
    public func store(
        _ events: [WireEvent],
        property: String = HubProperty.defaultID,
        receivedAt: Date = WallClock.system.now()
    ) async throws(KioskError) -> [EventResult] {
        var results = [EventResult?](repeating: nil, count: events.count)
        // The valid events' records, and where each stands in `events`: kept apart, so no record is copied for it.
        var records: [EventRecord] = []
        var indices: [Int] = []
        records.reserveCapacity(events.count)
        indices.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            switch event.record() {
            case .success(let record):
                records.append(record)
                indices.append(index)
            case .failure(let problem):
                results[index] = EventResult(id: event.id, status: .rejected, reason: "field '\(problem.field ?? "")': \(problem.error)")
            }
        }
        let insertions = try await storage.insert(records, property: property, receivedAt: receivedAt)
        let stored = insertions.allSatisfy { $0 == .stored } ? records : zip(records, insertions).filter { $0.1 == .stored }.map(\.0)
        await extendLogs(with: stored)
        try await eraseLateEvents(stored, property: property)
        if insertions.contains(.stored) { await storage.announce(.day(property: property)) }
        for (index, insertion) in zip(indices, insertions) {
            let id = events[index].id
            results[index] =
                switch insertion {
                case .stored: EventResult(id: id, status: .accepted)
                case .duplicate: EventResult(id: id, status: .duplicate)
                case .idOfAnotherKiosk: EventResult(id: id, status: .rejected, reason: "field 'id': the id belongs to another kiosk's event")
                case .seqTaken: EventResult(id: id, status: .rejected, reason: "field 'seq': another event of this kiosk has this seq")
                }
        }
        return results.compactMap(\.self)
    }

    /// Up to `limit` events of `property` by kiosks other than `kioskID` stored after `cursor`, and the cursor to ask
    /// from next.
    public func events(
        after cursor: Int64,
        limit: Int,
        property: String = HubProperty.defaultID,
        excludingKiosk kioskID: String
    ) async throws(KioskError) -> EventPage {
        let page = try await storage.records(after: cursor, limit: limit, property: property, excludingKiosk: kioskID)
        let corrections = try await storage.corrections(ofEvents: page.records.map(\.id))
        return EventPage(
            events: page.records.map { record in
                var event = WireEvent(record)
                event.correctedAt = corrections[record.id].map(WireTime.format)
                return event
            },
            nextCursor: page.next
        )
    }

    /// The ids of every stored event, sorted, for checking that nothing was lost or stored twice.
    public func eventIDs() async throws(KioskError) -> [String] {
        try await storage.eventIDs()
    }
}

extension HubStore {
    /// Stores the corrected times of kiosk `kioskID`'s reads (of `property`) that name events the hub holds; returns
    /// the events whose correction it now holds. Reports place those reads at their corrected time from then on.
    public func storeCorrections(_ corrections: [ReadCorrection], kiosk kioskID: String, property: String) async throws(KioskError) -> [EventID] {
        let held = try await storage.addCorrections(corrections, kiosk: kioskID)
        if !held.isEmpty { await storage.announce(.day(property: property)) }
        return held
    }
}
