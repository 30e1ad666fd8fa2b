public import KioskCore
public import KioskLog

/// A kiosk's log recomputed from its events alone, what `kiosk log verify` and `kiosk-hub log verify` compare the
/// stored tree and the checkpoints with: the leaves of seq 1, 2, 3, … up to the last before a gap or an event no
/// leaf can encode, which is named.
public enum EventLogRecomputation {
    /// How many events one page read holds.
    public static let pageSize = 10_000

    /// The tree of the events `page` gives (up to `limit` from a seq on, in seq order), and why it stops early, if it
    /// does; `holder` names where the events are kept ("the journal", "the hub").
    public static func tree(
        of holder: String,
        pages page: (_ fromSeq: Int64, _ limit: Int) async throws(KioskError) -> [EventRecord]
    ) async throws(KioskError) -> (tree: InMemoryMerkleTree, problem: String?) {
        var tree = InMemoryMerkleTree()
        while true {
            let events = try await page(tree.size + 1, pageSize)
            for event in events {
                guard event.seq == tree.size + 1 else {
                    return (tree, "seq \(tree.size + 1): missing from \(holder) (the next event is seq \(event.seq))")
                }
                do {
                    tree.append(try EventLeaf(event).leafHash)
                } catch {
                    return (tree, "seq \(event.seq): the event cannot enter the signed log: \(error)")
                }
            }
            if events.count < pageSize { return (tree, nil) }
        }
    }
}
