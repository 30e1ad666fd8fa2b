public import Foundation
public import KioskCore
import KioskHubStorage

extension HubStore {
    /// How many events one step of retention deletes, each step a transaction of its own.
    static let eventsPerRetentionStep = 5_000

    /// `[retention] keep_days`: deletes every kiosk's events past keeping at `now` (CONTRACT.md "Retention"). Each
    /// kiosk's stored tree is first brought up to the events it can hold, so a deleted event's leaf hash stays in its
    /// place: the log still verifies, and the hub still counts the event as held when a kiosk asks. Returns how many.
    public func removeEvents(pastKeeping retention: RetentionPolicy, now: Date) async throws(KioskError) -> Int {
        let cutoff = retention.cutoff(at: now)
        var removed = 0
        for kiosk in try await storage.eventKiosks() {
            let leaves = try await extendLog(kiosk: kiosk, toAtLeast: .max)
            while true {
                let step = try await storage.removeEvents(kiosk: kiosk, throughSeq: leaves, before: cutoff, limit: Self.eventsPerRetentionStep)
                removed += step
                if step < Self.eventsPerRetentionStep { break }
            }
        }
        return removed
    }
}
