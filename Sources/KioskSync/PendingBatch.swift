import KioskCore
import KioskJournal
import KioskWire
import NIOCore

/// A batch of pending events read from the journal, oldest first, with the JSON body that pushes it.
struct PendingBatch: Sendable {
    let events: [EventRecord]
    let body: ByteBuffer

    /// The `seq` of the batch's last event: the next batch starts after it.
    var lastSeq: Int64 { events[events.count - 1].seq }

    /// Up to `limit` pending events after `afterSeq`, encoded; nil when none is pending there. A `Result`, so that
    /// it can be read while another batch is at the hub.
    static func read(_ journal: Journal, afterSeq: Int64, limit: Int) async -> Result<PendingBatch?, KioskError> {
        do throws(KioskError) {
            let events = try await journal.pendingEvents(afterSeq: afterSeq, limit: limit)
            guard !events.isEmpty else { return .success(nil) }
            let batch = EventBatch(kioskId: journal.kioskID, events: events.map(WireEvent.init))
            return .success(PendingBatch(events: events, body: ByteBuffer(bytes: batch.jsonBytes())))
        } catch {
            return .failure(error)
        }
    }
}
