public import KioskCore
public import KioskLog

extension EventLeaf {
    /// The signed log's leaf of `event` (LOG-FORMAT.md section 2), from its values as the wire carries them.
    public init(_ event: WireEvent) {
        self.init(
            id: event.id,
            kioskID: event.kioskId,
            seq: event.seq,
            reader: event.reader,
            uid: event.uid,
            studentID: event.studentId,
            kind: event.kind.rawValue,
            direction: event.direction?.rawValue,
            outcome: event.outcome.rawValue,
            reason: event.reason,
            occurredAt: event.occurredAt,
            recordedAt: event.recordedAt,
            monotonicNanoseconds: UInt64(clamping: event.monotonicNs),
            bootID: event.bootId,
            clockSynced: event.clockSynced
        )
    }

    /// The leaf of a stored event: the same bytes the event gives on the wire.
    public init(_ record: EventRecord) {
        self.init(WireEvent(record))
    }
}
