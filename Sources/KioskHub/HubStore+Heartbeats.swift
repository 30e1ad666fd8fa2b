public import Foundation
public import KioskCore
import KioskHubStorage
public import KioskWire

/// A gate's latest heartbeat and when the hub received it.
public struct GateHeartbeat: Sendable, Hashable {
    public let heartbeat: WireHeartbeat
    public let receivedAt: Date
}

extension HubStore {
    /// Keeps `heartbeat`, already checked (`WireHeartbeat.problem`), as its gate's latest: written with the others
    /// received meanwhile by `writeHeartbeats()`, which every read of the gates through this store does first.
    public func keepHeartbeat(_ heartbeat: WireHeartbeat, property: String, receivedAt: Date) throws(KioskError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json: String
        do {
            json = String(decoding: try encoder.encode(heartbeat), as: UTF8.self)
        } catch {
            throw KioskError(.dataError, "cannot encode a heartbeat: \(error)")
        }
        heartbeatOutbox.put(ReceivedHeartbeat(kioskID: heartbeat.kioskId, property: property, json: json, receivedAt: receivedAt))
    }

    /// Writes the heartbeats kept and not yet written, in one transaction; those it could not write wait for the next.
    public func writeHeartbeats() async throws(KioskError) {
        let heartbeats = heartbeatOutbox.take()
        do {
            try await storage.keepHeartbeats(heartbeats)
        } catch {
            heartbeatOutbox.putBack(heartbeats)
            throw error
        }
    }

    /// The gates of `property` (kiosks with a token there, or heard from there) and when each was last heard from,
    /// the heartbeats kept so far written first.
    func gates(property: String) async throws(KioskError) -> [(kioskID: String, lastSeen: Date?)] {
        try await writeHeartbeats()
        return try await storage.gates(property: property)
    }

    /// The latest heartbeat of each gate of `property` that sent one, by kiosk id; one the hub cannot read (kept by
    /// another version) is left out.
    public func heartbeats(property: String) async throws(KioskError) -> [String: GateHeartbeat] {
        try await writeHeartbeats()
        return try await storage.heartbeats(property: property).compactMapValues { stored in
            (try? JSONDecoder().decode(WireHeartbeat.self, from: Data(stored.json.utf8))).map {
                GateHeartbeat(heartbeat: $0, receivedAt: stored.receivedAt)
            }
        }
    }
}
