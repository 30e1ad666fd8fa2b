public import KioskCore
public import KioskJournal
import KioskLog

/// `kiosk log verify`: the journal's events against the tree stored beside them and the checkpoints the kiosk signed
/// (and the hub cosigned), recomputed from the events alone. Each problem is one line naming the first seq whose
/// event no longer matches what was signed.
public enum GateLogVerification {
    /// What checking `journal`'s log found: how many events it recomputed, and the problems (none when it verifies).
    public static func verify(_ journal: Journal) async throws(KioskError) -> (events: Int64, problems: [String]) {
        var problems: [String] = []
        let tree = try await recomputedTree(journal, problems: &problems)
        // A change shows in every stored node above it; a changed node neither of whose children changed is where a
        // change was made (a leaf hash rewritten with its event leaves the node above it to tell): the least first seq
        // under such a node is the first seq that changed.
        var changed = Set<NodePosition>()
        for node in try await journal.storedLogNodes() where (try? tree.hash(level: node.level, index: node.index)) != node.hash {
            changed.insert(NodePosition(level: node.level, index: node.index))
        }
        let firstChanged = changed.filter { node in
            node.level == 0
                || !changed.contains(NodePosition(level: node.level - 1, index: node.index * 2))
                    && !changed.contains(NodePosition(level: node.level - 1, index: node.index * 2 + 1))
        }.map { $0.index << $0.level + 1 }.min()
        if let firstChanged { problems.append("seq \(firstChanged): the event no longer matches what the log holds for it") }
        for kept in try await journal.keptCheckpoints() {
            if let problem = checkpointProblem(kept, tree: tree, kioskID: journal.kioskID) { problems.append(problem) }
        }
        return (tree.size, problems)
    }

    /// The tree of the journal's own events, from seq 1 to the last before a gap or an event no leaf can encode.
    private static func recomputedTree(_ journal: Journal, problems: inout [String]) async throws(KioskError) -> InMemoryMerkleTree {
        var tree = InMemoryMerkleTree()
        while true {
            let events = try await journal.ownEvents(fromSeq: tree.size + 1, limit: 10_000)
            for event in events {
                guard event.seq == tree.size + 1 else {
                    problems.append("seq \(tree.size + 1): missing from the journal (the next event is seq \(event.seq))")
                    return tree
                }
                do {
                    tree.append(try GateLog.leafHash(of: event))
                } catch {
                    problems.append(error.message)
                    return tree
                }
            }
            if events.count < 10_000 { return tree }
        }
    }

    /// What is wrong with a kept checkpoint against the recomputed tree, if anything.
    private static func checkpointProblem(_ kept: KeptCheckpoint, tree: InMemoryMerkleTree, kioskID: String) -> String? {
        let name = "the \(kept.kind == .cosigned ? "cosigned" : "signed") checkpoint of size \(kept.size)"
        let signed: SignedCheckpoint
        let key: NoteVerifier
        do {
            signed = try SignedCheckpoint(parsing: kept.note)
            key = try NoteVerifier(vkey: kept.vkey)
            try signed.verify(kioskKey: key, witnessKeys: [])
        } catch {
            return "\(name): \(error)"
        }
        guard key.name == GateLogKey.keyName(kioskID: kioskID) else { return "\(name): signed by '\(key.name)', not this kiosk's key" }
        let size = signed.checkpoint.size
        guard size <= tree.size else { return "\(name): the journal holds only \(tree.size) of its events" }
        guard let root = try? MerkleTree.root(size: size, from: tree), root == signed.checkpoint.rootHash else {
            return "\(name): seq 1 to \(size): the journal's events no longer give its root"
        }
        return nil
    }

    /// Where a node is in the tree.
    private struct NodePosition: Hashable {
        let level: Int
        let index: Int64
    }
}
