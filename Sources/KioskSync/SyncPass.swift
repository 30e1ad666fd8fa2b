import Foundation
import KioskCore
import KioskGateLog
import KioskJournal
import KioskWire
import Logging

/// One pass over the pending events, oldest first, one batch at the hub at a time. While a batch is at the hub,
/// the next one is read from the journal and encoded and the hub's answer for the one before is written to the
/// journal, so neither side waits for the other; an event is marked synced only after the hub acknowledged it,
/// batches are settled in order, and at most two batches and the verdicts of a third are held at once whatever
/// the backlog. With a `log`, the leaves of a batch are appended to the gate's signed log while it is at the hub, too.
struct SyncPass {
    let journal: Journal
    let log: GateLog?
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
        let journal = self.journal
        let client = self.client
        let batchSize = self.batchSize
        var current = try await PendingBatch.read(journal, afterSeq: 0, limit: batchSize).get()
        var answered: [Settlement]?
        while let batch = current {
            async let answer = client.push(encoded: batch.body)
            async let following = PendingBatch.read(journal, afterSeq: batch.lastSeq, limit: batchSize)
            async let logged: Void = extendLog(with: batch.events)
            if let answered { try await settle(answered) }
            await logged
            answered = nil
            switch await answer {
            case .results(let verdicts): answered = batch.events.map { Settlement($0, verdicts: verdicts) }
            case let other: if let stop = try await deliver(batch.events[...], answered: other) { return report(stop) }
            }
            current = try await following.get()
        }
        if let answered { try await settle(answered) }
        let remaining = try await journal.syncCounts()
        return report(.drained(quarantined: remaining.quarantined))
    }

    /// Appends `events` to the signed log; a failure is logged, never stops the pass (`extend()` catches up later).
    private func extendLog(with events: [EventRecord]) async {
        do {
            try await log?.extend(with: events)
        } catch {
            logger.warning("cannot extend the signed log: \(error.message)")
        }
    }

    private func report(_ outcome: SyncPassOutcome) -> SyncPassReport {
        SyncPassReport(outcome: outcome, acknowledged: acknowledged, quarantined: quarantined)
    }

    /// Delivers `events`, splitting on 413 and on a 4xx for the batch until the offending events are isolated
    /// and quarantined. Returns why pushing must stop, or nil when every event was settled.
    private mutating func deliver(_ events: ArraySlice<EventRecord>) async throws(KioskError) -> SyncPassOutcome? {
        let answer = await client.push(EventBatch(kioskId: journal.kioskID, events: events.map(WireEvent.init)))
        return try await deliver(events, answered: answer)
    }

    /// Acts on the hub's `answer` for `events`: settles them, or splits them, or says why pushing must stop.
    private mutating func deliver(_ events: ArraySlice<EventRecord>, answered answer: PushAnswer) async throws(KioskError) -> SyncPassOutcome? {
        switch answer {
        case .results(let verdicts):
            try await settle(events.map { Settlement($0, verdicts: verdicts) })
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
    private mutating func settle(_ settlements: [Settlement]) async throws(KioskError) {
        var synced: [Int64] = []
        synced.reserveCapacity(settlements.count)
        for settlement in settlements {
            switch settlement {
            case .synced(let seq): synced.append(seq)
            case .quarantined(let id, let reason):
                try await journal.quarantine(id, reason: reason)
                quarantined += 1
                logger.warning("event quarantined", metadata: ["sync.event": "\(id)", "sync.reason": "\(reason)"])
            case .pending: continue
            }
        }
        try await journal.markSynced(seqs: synced, at: clock.now())
        acknowledged += synced.count
        progress(acknowledged)
    }
}

/// What becomes of an event pushed, from the hub's answer: all that settling it needs, kept instead of the record and
/// the answer while the next batch is at the hub.
private enum Settlement {
    case synced(seq: Int64)
    case quarantined(EventID, reason: String)
    /// The answer left it out.
    case pending

    init(_ event: EventRecord, verdicts: [String: EventVerdict]) {
        switch verdicts[event.id.rawValue] {
        case .acknowledged?: self = .synced(seq: event.seq)
        case .rejected(let reason)?: self = .quarantined(event.id, reason: reason)
        case nil: self = .pending
        }
    }
}
