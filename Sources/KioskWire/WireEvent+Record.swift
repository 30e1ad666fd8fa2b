public import KioskCore

extension WireEvent {
    /// The record as it travels to and from the hub.
    public init(_ record: EventRecord) {
        self.init(
            id: record.id.rawValue,
            kioskId: record.kioskID,
            seq: record.seq,
            reader: record.reader,
            uid: record.uid?.hex,
            studentId: record.studentID,
            kind: WireEventKind(rawValue: record.kind.rawValue) ?? .unknown,
            direction: record.direction.flatMap { WireDirection(rawValue: $0.rawValue) },
            outcome: WireEventOutcome(rawValue: record.outcome.rawValue) ?? .unknown,
            reason: record.reason,
            occurredAt: WireTime.format(record.occurredAt),
            recordedAt: WireTime.format(record.recordedAt),
            monotonicNs: record.monotonicNanoseconds,
            bootId: record.bootID,
            clockSynced: record.clockSynchronised,
            sunCounter: record.sunCounter
        )
    }

    /// The record this event carries, or the first thing wrong with it (`problem()`), naming the field.
    public func record() -> Result<EventRecord, WireProblem> {
        let occurred = WireTime.parse(occurredAt)
        let recorded = WireTime.parse(recordedAt)
        if let problem = problem(occurred: occurred, recorded: recorded) { return .failure(problem) }
        guard let occurred, let recorded else {
            return .failure(WireProblem(error: "not an ISO 8601 instant with an offset", field: "occurredAt"))
        }
        return .success(
            EventRecord(
                id: EventID(rawValue: id.lowercased()),
                kioskID: kioskId,
                seq: seq,
                reader: reader,
                uid: uid.flatMap { try? TagUID(parsing: $0) },
                studentID: studentId,
                kind: EventKind(rawValue: kind.rawValue) ?? .unknown,
                direction: direction.flatMap { Direction(rawValue: $0.rawValue) },
                outcome: EventOutcome(rawValue: outcome.rawValue) ?? .unknown,
                reason: reason,
                occurredAt: occurred,
                recordedAt: recorded,
                monotonicNanoseconds: monotonicNs,
                bootID: bootId,
                clockSynchronised: clockSynced,
                sunCounter: sunCounter
            )
        )
    }
}
