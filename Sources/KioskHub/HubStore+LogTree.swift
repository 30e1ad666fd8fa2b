import KioskCore
import KioskHubStorage
import KioskLog

extension HubStore {
    /// How many leaves one step of bringing a stored tree up to date appends.
    static let leavesPerLogStep = 1_000

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
            let edge = try await storage.logNodes(of: log, at: MerkleAppender<MerkleNodesRead>.edge(ofSize: stored))
            var tree = MerkleAppender(stored: MerkleNodesRead(edge), size: stored)
            var nodes: [MerkleNode] = []
            for leaf in page {
                guard leaf.seq == tree.size + 1, let hash = leaf.hash else { break }
                do {
                    nodes += try tree.append(hash)
                } catch {
                    throw KioskError(.dataError, "the hub's tree of \(log.description) lacks a node: \(error)")
                }
            }
            guard tree.size > stored else { break }
            try await storage.addLogNodes(nodes, to: log)
            stored = tree.size
            if page.count < Self.leavesPerLogStep { break }
        }
        return stored
    }
}
