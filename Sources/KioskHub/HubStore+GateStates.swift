public import Foundation
public import KioskCore
import KioskHubStorage

/// A gate of a property as the hub knows it without reading its records: when it was last heard from, whether that
/// makes it offline, and its latest heartbeat.
public struct GateHealth: Sendable {
    public let kioskID: String
    /// When the hub last heard from it (a heartbeat, a push or a pull), if ever.
    public let lastContact: Date?
    /// Silent for `gate_offline_seconds` or more.
    public let offline: Bool
    /// What it last said of itself, if it sends heartbeats.
    public let heartbeat: GateHeartbeat?
}

/// A gate of a property as the Gates page shows it.
public struct GateState: Sendable {
    public let health: GateHealth
    /// Its newest record the hub holds.
    public let lastRecord: EventRecord?
    /// The size of the latest checkpoint of its signed log the hub cosigned, 0 for none.
    public let witnessedSeq: Int64
    /// Its highest seq the hub holds.
    public let heldSeq: Int64
}

extension HubStore {
    /// Every gate of `property` with its last contact and latest heartbeat (two queries whatever the number of
    /// gates); offline when silent for `offlineSeconds` or more at `now`.
    public func gateHealth(property: String, now: Date, offlineSeconds: Int) async throws(KioskError) -> [GateHealth] {
        let horizon = now.addingTimeInterval(-Double(offlineSeconds))
        let heartbeats = try await heartbeats(property: property)
        return try await gates(property: property).map { gate in
            GateHealth(
                kioskID: gate.kioskID,
                lastContact: gate.lastSeen,
                offline: (gate.lastSeen ?? .distantPast) <= horizon,
                heartbeat: heartbeats[gate.kioskID]
            )
        }
    }

    /// Every gate of `property` with its health, newest record and how far its log is held and witnessed.
    public func gateStates(property: String, now: Date, offlineSeconds: Int) async throws(KioskError) -> [GateState] {
        var states: [GateState] = []
        for gate in try await gateHealth(property: property, now: now, offlineSeconds: offlineSeconds) {
            states.append(
                GateState(
                    health: gate,
                    lastRecord: try await storage.events(property: property, matching: EventFilter(kioskID: gate.kioskID), limit: 1).first,
                    witnessedSeq: try await storage.kioskLog(kiosk: gate.kioskID)?.size ?? 0,
                    heldSeq: try await storage.highestSeq(ofKiosk: gate.kioskID)
                )
            )
        }
        return states
    }
}
