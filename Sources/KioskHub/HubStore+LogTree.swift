import KioskCore
import KioskHubStorage
import KioskLog
import KioskWire

extension HubStore {
    /// How many leaves one step of bringing a stored tree up to date appends.
    static let leavesPerLogStep = 1_000

    /// Appends events just stored to their kiosk's stored tree, hashed from the records at hand, so that the checkpoint
    /// after a sync pass finds the tree current instead of reading the pass's events back (P4). The kiosk's events
    /// stored before them that the tree lacks (a later batch stored first: by another hub process, or after a retry)
    /// are read back first. Events that still do not continue it (after a gap, or behind a tree the hub lost) wait for
    /// `extendLog`, and so does a tree that cannot be extended now: the kiosk's checkpoint extends it, or reports what
    /// is wrong with it.
    func extendLogs(with stored: [EventRecord]) async {
        for (kioskID, records) in Dictionary(grouping: stored, by: \.kioskID) {
            let leaves = records.sorted { $0.seq < $1.seq }.map { record in (seq: record.seq, hash: try? EventLeaf(record).leafHash) }
            guard let first = leaves.first?.seq, let last = leaves.last else { continue }
            let log = logSource(kiosk: kioskID)
            _ = try? await extendTree(.kiosk(kioskID), toAtLeast: last.seq) { (seq, limit) throws(KioskError) in
                let held = Array(leaves.drop { $0.seq < seq }.prefix(limit))
                guard seq < first else { return held }
                let earlier = try await log.lines(fromSeq: seq, limit: Int(min(Int64(limit), first - seq))).map(Self.leaf(of:))
                return earlier + held.prefix(limit - earlier.count)
            }
        }
    }

    /// Brings the stored tree of `log` up to the leaves `leaves(fromSeq, limit)` gives in seq order (a leaf's hash, nil
    /// for one that cannot be hashed), stopping once it has `size` leaves, at the first gap or at a leaf without a
    /// hash; returns its size. Each step reads only the tree's right edge.
    func extendTree(
        _ log: StoredLog,
        toAtLeast size: Int64,
        leaves: (_ fromSeq: Int64, _ limit: Int) async throws(KioskError) -> [(seq: Int64, hash: MerkleHash?)]
    ) async throws(KioskError) -> Int64 {
        var stored = try await storage.logSize(of: log)
        while stored < size {
            let page = try await leaves(stored + 1, Self.leavesPerLogStep)
            var tree = MerkleTileAppender(size: stored, edge: try await storage.logTiles(of: log, at: MerkleTileAppender.edgeTiles(ofSize: stored)))
            for leaf in page {
                guard leaf.seq == tree.size + 1, let hash = leaf.hash else { break }
                do {
                    try tree.append(hash)
                } catch {
                    throw KioskError(.dataError, "the hub's tree of \(log.description) lacks a node: \(error)")
                }
            }
            guard tree.size > stored else { break }
            try await storage.storeLogTiles(tree.changedTiles, of: log)
            stored = tree.size
            if page.count < Self.leavesPerLogStep { break }
        }
        return stored
    }

    /// The stored tree of `log` as far as `operation` reads it: the tiles holding every node it reads, fetched at once.
    func storedTree(of log: StoredLog, readBy operation: (MerkleNodesRead.Recorder) -> Void) async throws(KioskError) -> MerkleTilesRead {
        let positions = MerkleNodesRead.positions(readBy: operation)
        return MerkleTilesRead(try await storage.logTiles(of: log, at: MerkleTilePosition.holding(positions)))
    }
}
