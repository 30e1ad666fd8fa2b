public import Foundation
public import KioskCore
public import KioskHubStorage

extension HubStore {

    /// Who is in at `property` now over every gate, the gate of each one's latest tap, and the gates of the property
    /// silent for `offlineSeconds` (`[alerts] gate_offline_seconds`) or more (never heard from included): a muster list trusts none of their
    /// records since.
    public func muster(
        for property: HubProperty,
        now: Date = WallClock.system.now(),
        offlineSeconds: Int = AlertSettings().gateOfflineSeconds
    ) async throws(KioskError) -> (muster: Muster, kiosks: [EventID: String], silentGates: [String]) {
        let policy = property.policy
        let (facts, _) = try await storage.attendanceFacts(
            from: policy.start(of: policy.attendanceDay(containing: now)),
            to: now,
            policy: policy,
            property: property.id
        )
        let muster = Muster(facts: facts, at: now, initialState: policy.initialState)
        let kiosks = try await storage.kioskIDs(ofEvents: muster.students.compactMap(\.lastTap?.eventID))
        let horizon = now.addingTimeInterval(-Double(offlineSeconds))
        let silent = try await gates(property: property.id).filter { ($0.lastSeen ?? .distantPast) <= horizon }.map(\.kioskID)
        return (muster, kiosks, silent)
    }

    /// Notes that a kiosk of `property` was heard from.
    public func noteContact(kioskID: String, property: String, at instant: Date) async throws(KioskError) {
        try await storage.noteContact(kioskID: kioskID, property: property, at: instant)
    }
}
