import Synchronization

/// How far into the pull feed each property's card alerts have looked, so that a round also sees the reads that
/// arrived since the previous one, however long ago they occurred (a gate back from a day offline pushes its refused
/// reads then). Kept in memory by each hub process: another process, or a restart, starts from the feed's end, and
/// deciding the same alert twice adds nothing.
final class CardAlertCursors: Sendable {
    private let cursors = Mutex<[String: Int64]>([:])

    /// The cursor after which `property`'s reads are new to the card alerts; nil before its first round.
    func cursor(of property: String) -> Int64? {
        cursors.withLock { $0[property] }
    }

    /// Moves `property`'s cursor forward to `cursor` (never back).
    func advance(_ property: String, to cursor: Int64) {
        cursors.withLock { $0[property] = max($0[property] ?? cursor, cursor) }
    }
}
