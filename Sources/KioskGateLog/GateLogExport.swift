public import KioskCore
public import KioskJournal
import KioskWire

/// `kiosk log export`: the kiosk's whole log as JSON Lines in seq order (LOG-FORMAT.md section 8), each line an
/// event as the wire carries it, from which anyone recomputes the tree and compares it with a checkpoint.
public enum GateLogExport {
    /// Gives each line of `journal`'s log, without its line feed, to `line`, in seq order.
    public static func lines(of journal: Journal, _ line: (String) -> Void) async throws(KioskError) {
        var next: Int64 = 1
        while true {
            let events = try await journal.ownEvents(fromSeq: next, limit: 10_000)
            for event in events { line(String(decoding: WireEvent(event).jsonBytes(), as: UTF8.self)) }
            guard let last = events.last, events.count == 10_000 else { return }
            next = last.seq + 1
        }
    }
}
