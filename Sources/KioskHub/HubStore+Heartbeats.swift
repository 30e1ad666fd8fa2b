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
    /// Keeps `heartbeat`, already checked (`WireHeartbeat.problem`), as its gate's latest.
    public func keepHeartbeat(_ heartbeat: WireHeartbeat, property: String, receivedAt: Date) async throws(KioskError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json: String
        do {
            json = String(decoding: try encoder.encode(heartbeat), as: UTF8.self)
        } catch {
            throw KioskError(.dataError, "cannot encode a heartbeat: \(error)")
        }
        try await storage.keepHeartbeat(json, kioskID: heartbeat.kioskId, property: property, at: receivedAt)
    }

    /// The latest heartbeat of each gate of `property` that sent one, by kiosk id; one the hub cannot read (kept by
    /// another version) is left out.
    public func heartbeats(property: String) async throws(KioskError) -> [String: GateHeartbeat] {
        try await storage.heartbeats(property: property).compactMapValues { stored in
            (try? JSONDecoder().decode(WireHeartbeat.self, from: Data(stored.json.utf8))).map {
                GateHeartbeat(heartbeat: $0, receivedAt: stored.receivedAt)
            }
        }
    }
}
