package import Foundation
import KioskHubStorage

/// Notes in the database when each kiosk was last heard from, at most once a `interval` per kiosk and hub process,
/// so a busy gate costs no write per request. A failed note fails no request: the next one tries again. A kiosk this
/// process hears for the first time, or again after twice `interval` without it, is announced (`HubChange.gates`):
/// its property's gate alerts are decided then.
package actor GateContacts {
    private let store: HubStore
    private let interval: TimeInterval
    private var noted: [String: Date] = [:]

    package init(store: HubStore, interval: TimeInterval = 30) {
        self.store = store
        self.interval = interval
    }

    /// Kiosk `kioskID` of `property` made a request at `instant`; `recorded` when the request itself keeps the
    /// contact (a heartbeat), so only the announcement is left to do.
    package func heard(_ kioskID: String, property: String, at instant: Date, recorded: Bool = false) async {
        let last = noted[kioskID]
        if !recorded, let last, instant.timeIntervalSince(last) < interval { return }
        noted[kioskID] = instant
        if !recorded {
            do {
                try await store.noteContact(kioskID: kioskID, property: property, at: instant)
            } catch {
                noted[kioskID] = nil
                return
            }
        }
        if last.map({ instant.timeIntervalSince($0) >= 2 * interval }) ?? true { await store.storage.announce(.gates(property: property)) }
    }
}
