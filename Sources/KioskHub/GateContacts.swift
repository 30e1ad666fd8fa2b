import Foundation
import KioskHubStorage

/// Notes in the database when each kiosk was last heard from, at most once a `interval` per kiosk and hub process,
/// so a busy gate costs no write per request. A failed note fails no request: the next one tries again.
actor GateContacts {
    private let store: HubStore
    private let interval: TimeInterval
    private var noted: [String: Date] = [:]

    init(store: HubStore, interval: TimeInterval = 30) {
        self.store = store
        self.interval = interval
    }

    /// Kiosk `kioskID` of `property` made a request at `instant`.
    func heard(_ kioskID: String, property: String, at instant: Date) async {
        if let last = noted[kioskID], instant.timeIntervalSince(last) < interval { return }
        noted[kioskID] = instant
        do {
            try await store.noteContact(kioskID: kioskID, property: property, at: instant)
        } catch {
            noted[kioskID] = nil
        }
    }
}
