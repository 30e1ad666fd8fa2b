public import KioskCore
public import KioskJournal
import KioskLog
import KioskWire

/// `kiosk log verify`: the journal's events against the tree stored beside them and the checkpoints the kiosk signed
/// (and the hub cosigned), recomputed from the events (and the kept hashes of those removed). Each problem is one line
/// naming the first seq whose event no longer matches what was signed.
public enum GateLogVerification {
    /// What checking `journal`'s log found: how many events it recomputed, how many of them were removed (their leaf
    /// hashes kept), and the problems (none when it verifies).
    public static func verify(_ journal: Journal) async throws(KioskError) -> (events: Int64, removed: Int64, problems: [String]) {
        let (tree, removed, stop) = try await EventLogRecomputation.tree(of: "the journal", from: GateLogExport.source(journal))
        var problems = stop.map { [$0] } ?? []
        if let first = try await journal.firstChangedLogLeaf(recomputed: tree) {
            problems.append("seq \(first + 1): the event no longer matches what the log holds for it")
        }
        for kept in try await journal.keptCheckpoints() {
            if let problem = checkpointProblem(kept, tree: tree, kioskID: journal.kioskID) { problems.append(problem) }
        }
        return (tree.size, removed, problems)
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
}
