public import KioskCore
public import KioskJournal
import KioskWire

/// `kiosk log export`: the kiosk's whole log as JSON Lines in seq order (LOG-FORMAT.md section 8), each line an
/// event as the wire carries it, or the kept leaf hash of one retention removed, from which anyone recomputes the tree
/// and compares it with a checkpoint.
public enum GateLogExport {
    /// Gives each line of `journal`'s log, without its line feed, to `line`, in seq order.
    public static func lines(of journal: Journal, _ line: (String) -> Void) async throws(KioskError) {
        let kioskID = journal.kioskID
        try await EventLogRecomputation.forEachLine(of: source(journal)) { line($0.exportText(kioskID: kioskID)) }
    }

    /// The journal's log as the recomputation reads it: the kiosk's own events, and the leaves of those removed.
    static func source(_ journal: Journal) -> EventLogSource {
        EventLogSource(
            events: { (seq, limit) throws(KioskError) in try await journal.ownEvents(fromSeq: seq, limit: limit) },
            removedLeaves: { (seq, through, limit) throws(KioskError) in
                try await journal.removedLogLeaves(fromSeq: seq, throughSeq: through, limit: limit)
            }
        )
    }
}
