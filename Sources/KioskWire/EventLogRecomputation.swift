public import KioskCore
public import KioskLog

/// A kiosk's log recomputed from its events alone, what `kiosk log verify` and `kiosk-hub log verify` compare the
/// stored tree and the checkpoints with: the leaves of seq 1, 2, 3, … up to the last before a gap or an event no
/// leaf can encode, which is named.
public enum EventLogRecomputation {
    /// How many events one page read holds.
    public static let pageSize = 10_000

    /// The tree of the events `page` gives (up to `limit` from a seq on, in seq order), and why it stops early, if it
    /// does; `holder` names where the events are kept ("the journal", "the hub"). The next page is read while the
    /// leaves of this one are hashed, each half of them at once.
    public static func tree(
        of holder: String,
        pages page: @escaping @Sendable (_ fromSeq: Int64, _ limit: Int) async throws(KioskError) -> [EventRecord]
    ) async throws(KioskError) -> (tree: InMemoryMerkleTree, problem: String?) {
        var tree = InMemoryMerkleTree()
        var events = try await page(1, pageSize)
        while true {
            // A full page whose seqs all follow on is followed from its last seq; any other ends the tree below.
            let followingSeq = events.count == pageSize ? events[events.count - 1].seq + 1 : nil
            async let following = read(page, fromSeq: followingSeq)
            for (event, leaf) in zip(events, await leafHashes(events)) {
                guard event.seq == tree.size + 1 else {
                    return (tree, "seq \(tree.size + 1): missing from \(holder) (the next event is seq \(event.seq))")
                }
                switch leaf {
                case .success(let hash): tree.append(hash)
                case .failure(let error): return (tree, "seq \(event.seq): the event cannot enter the signed log: \(error)")
                }
            }
            if events.count < pageSize { return (tree, nil) }
            events = try await following.get()
        }
    }

    /// The page of events from `seq` on (none when `seq` is nil), or why it could not be read.
    private static func read(
        _ page: @Sendable (_ fromSeq: Int64, _ limit: Int) async throws(KioskError) -> [EventRecord],
        fromSeq seq: Int64?
    ) async -> Result<[EventRecord], KioskError> {
        guard let seq else { return .success([]) }
        do {
            return .success(try await page(seq, pageSize))
        } catch {
            return .failure(error)
        }
    }

    /// The leaf hash of each of `events`, in their order: the first half hashed beside the second.
    private static func leafHashes(_ events: [EventRecord]) async -> [Result<MerkleHash, LeafError>] {
        let middle = events.count / 2
        async let first = leafHashes(of: events[..<middle])
        let second = leafHashes(of: events[middle...])
        return await first + second
    }

    private static func leafHashes(of events: ArraySlice<EventRecord>) -> [Result<MerkleHash, LeafError>] {
        events.map { event in Result { () throws(LeafError) in try EventLeaf(event).leafHash } }
    }
}
