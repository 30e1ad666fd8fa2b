import Foundation
import KioskCore
import KioskJournal
import KioskWire
import Logging

/// One pass over the pending events: batches oldest first, one in flight, each outcome written to the
/// journal before the next batch is read, so memory stays bounded whatever the backlog.
struct SyncPass {
    let journal: Journal
    let client: HubClient
    let batchSize: Int
    let clock: WallClock
    let logger: Logger
    /// Told the running total of acknowledged events after every settled batch.
    let progress: @Sendable (Int) -> Void

    private(set) var acknowledged = 0
    private(set) var quarantined = 0

    /// Pushes until nothing is pending or the hub stops answering usefully.
    mutating func run() async throws(KioskError) -> SyncPassReport {
        var afterSeq: Int64 = 0
        while true {
            let batch = try await journal.pendingEvents(afterSeq: afterSeq, limit: batchSize)
            guard let last = batch.last else {
                let remaining = try await journal.syncCounts()
                return report(.drained(quarantined: remaining.quarantined))
            }
            if let stop = try await deliver(batch[...]) { return report(stop) }
            afterSeq = last.seq
        }
    }

    private func report(_ outcome: SyncPassOutcome) -> SyncPassReport {
        SyncPassReport(outcome: outcome, acknowledged: acknowledged, quarantined: quarantined)
    }

    /// Delivers `events`, splitting on 413 and on a 4xx for the batch until the offending events are isolated
    /// and quarantined. Returns why pushing must stop, or nil when every event was settled.
    private mutating func deliver(_ events: ArraySlice<EventRecord>) async throws(KioskError) -> SyncPassOutcome? {
        let answer = await client.push(EventBatch(kioskId: journal.kioskID, events: events.map(WireEvent.init)))
        switch answer {
        case .results(let verdicts):
            try await settle(events, verdicts)
            return nil
        case .tokenRejected(let status):
            return .tokenRejected(status: status)
        case .unavailable(let reason, let retryAfter):
            return .unavailable(reason: reason, retryAfter: retryAfter)
        case .tooLarge, .refused:
            guard events.count > 1 else {
                let reason = if case .refused(_, let reason) = answer { reason } else { "the hub refused the event as too large (HTTP 413)" }
                try await journal.quarantine(events[events.startIndex].id, reason: reason)
                quarantined += 1
                logger.warning("event quarantined", metadata: ["sync.event": "\(events[events.startIndex].id)", "sync.reason": "\(reason)"])
                return nil
            }
            let middle = events.startIndex + events.count / 2
            if let stop = try await deliver(events[..<middle]) { return stop }
            return try await deliver(events[middle...])
        }
    }

    /// Writes the hub's verdicts: acknowledged events become synced, rejected ones quarantined. Events the
    /// answer leaves out stay pending.
    private mutating func settle(_ events: ArraySlice<EventRecord>, _ verdicts: [String: EventVerdict]) async throws(KioskError) {
        var synced: [EventID] = []
        for event in events {
            switch verdicts[event.id.rawValue] {
            case .acknowledged?: synced.append(event.id)
            case .rejected(let reason)?:
                try await journal.quarantine(event.id, reason: reason)
                quarantined += 1
                logger.warning("event quarantined", metadata: ["sync.event": "\(event.id)", "sync.reason": "\(reason)"])
            case nil: continue
            }
        }
        try await journal.markSynced(synced, at: clock.now())
        acknowledged += synced.count
        progress(acknowledged)
    }
}
