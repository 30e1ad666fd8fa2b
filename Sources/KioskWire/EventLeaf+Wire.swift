public import Foundation
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
            occurredAt: .text(event.occurredAt),
            recordedAt: .text(event.recordedAt),
            monotonicNanoseconds: UInt64(clamping: event.monotonicNs),
            bootID: event.bootId,
            clockSynced: event.clockSynced
        )
    }

    /// The leaf of a stored event: the same bytes the event gives on the wire, with no text made for its instants.
    public init(_ record: EventRecord) {
        self.init(
            id: record.id.rawValue,
            kioskID: record.kioskID,
            seq: record.seq,
            reader: record.reader,
            uid: record.uid?.hex,
            studentID: record.studentID,
            kind: record.kind.rawValue,
            direction: record.direction?.rawValue,
            outcome: record.outcome.rawValue,
            reason: record.reason,
            occurredAt: LeafInstant(record.occurredAt),
            recordedAt: LeafInstant(record.recordedAt),
            monotonicNanoseconds: UInt64(clamping: record.monotonicNanoseconds),
            bootID: record.bootID,
            clockSynced: record.clockSynchronised
        )
    }
}

extension LeafInstant {
    /// `instant` to the nearest millisecond, as the wire and the stores round it: in milliseconds where the wire's
    /// text is the proleptic Gregorian date a leaf writes (years 1583-9999), else as the wire's text, so that a
    /// record and the event on the wire make the same leaf whatever the instant.
    public init(_ instant: Date) {
        let milliseconds = (instant.timeIntervalSince1970 * 1000).rounded()
        guard let milliseconds = Int64(exactly: milliseconds), Self.arithmeticMilliseconds.contains(milliseconds) else {
            self = .text(WireTime.format(instant))
            return
        }
        self = .unixMilliseconds(milliseconds)
    }

    /// From 1583-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z.
    private static let arithmeticMilliseconds =
        Int64(GregorianDays.days(year: GregorianDays.firstYear, month: 1, day: 1)) * 86_400_000...Int64(
            GregorianDays.days(year: 10_000, month: 1, day: 1)
        ) * 86_400_000 - 1
}
