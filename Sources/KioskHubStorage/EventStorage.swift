public import Foundation
public import KioskCore

/// The events and the pull feed: every kiosk's records, each stored once, and what reports read of them.
public protocol EventStorage: Sendable {
    /// Stores each record of a kiosk of `property` at most once, in one transaction, and says what became of each,
    /// in order.
    func insert(_ records: [EventRecord], property: String, receivedAt: Date) async throws(KioskError) -> [EventInsertion]
    /// Up to `limit` records of `property` by kiosks other than `kioskID` stored after `cursor`, and the cursor to ask
    /// from next.
    func records(
        after cursor: Int64,
        limit: Int,
        property: String,
        excludingKiosk kioskID: String
    ) async throws(KioskError) -> (records: [EventRecord], next: Int64)
    /// The ids of every stored event, sorted.
    func eventIDs() async throws(KioskError) -> [String]
    /// The kiosk that recorded each of `ids` (those stored).
    func kioskIDs(ofEvents ids: [EventID]) async throws(KioskError) -> [EventID: String]
    /// The facts of the instants [`start`, `end`) at `property` (its passes included): a day's report reads from the
    /// start of the day to its evaluation instant, a monthly sheet from the start of its first day to the evaluation
    /// instant of its last. And when a kiosk's batch last arrived there.
    func attendanceFacts(
        from start: Date,
        to end: Date,
        policy: AttendancePolicy,
        property: String
    ) async throws(KioskError)
        -> (facts: AttendanceFacts, lastReceivedAt: Date?)
    /// The events of `property` matching `filter`, newest first, at most `limit`.
    func events(property: String, matching filter: EventFilter, limit: Int) async throws(KioskError) -> [EventRecord]
    /// The highest `seq` of kiosk `kioskID`'s stored events, 0 for none.
    func highestSeq(ofKiosk kioskID: String) async throws(KioskError) -> Int64
    /// The highest `seq` up to which every event of kiosk `kioskID` is stored, or held by its leaf in the stored tree
    /// (0 when its first is neither).
    func heldThroughSeq(ofKiosk kioskID: String) async throws(KioskError) -> Int64
    /// The pull-feed cursor of the latest stored event, 0 for none.
    func latestCursor() async throws(KioskError) -> Int64
    /// Stores the corrected times of those of `corrections` that name an event of kiosk `kioskID` the hub holds (a
    /// correction already stored stays as it is), in one transaction; returns the events of `corrections` whose
    /// correction the hub now holds.
    func addCorrections(_ corrections: [ReadCorrection], kiosk kioskID: String) async throws(KioskError) -> [EventID]
    /// The corrected times the hub holds of those of `ids` that have one.
    func corrections(ofEvents ids: [EventID]) async throws(KioskError) -> [EventID: Date]
    /// The events of `property` about one student: theirs, and those with one of `uids` (their cards' reads before
    /// they were enrolled), oldest first.
    func events(property: String, ofStudent studentID: String, orUIDs uids: [String]) async throws(KioskError) -> [EventRecord]
    /// The kiosks the hub holds events of, sorted.
    func eventKiosks() async throws(KioskError) -> [String]
    /// Deletes up to `limit` of kiosk `kioskID`'s events of seq at most `throughSeq` that occurred, and were received by
    /// the hub, before `cutoff` (a gate's clock far behind never makes a new event look old), with their corrected
    /// times, keeping their seqs as removed (their leaves stay in the log), in one transaction; returns how many.
    func removeEvents(kiosk kioskID: String, throughSeq: Int64, before cutoff: Date, limit: Int) async throws(KioskError) -> Int
}
