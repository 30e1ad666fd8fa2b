import Foundation
public import KioskCore
import KioskHubStorage
import KioskLog
import KioskWire

extension HubStore {
    /// A tlog-proof (LOG-FORMAT.md section 5) of the event `id` against the latest checkpoint of its kiosk's log the
    /// hub cosigned: `.noInput` for an event the hub does not hold, `.unavailable` when no cosigned checkpoint covers
    /// it yet.
    public func logProof(eventID id: String) async throws(KioskError) -> String {
        guard let (kioskID, seq) = try await storage.logPosition(ofEvent: id),
            let event = try await storage.kioskEvents(kiosk: kioskID, fromSeq: seq, limit: 1).first, event.seq == seq
        else { throw KioskError(.noInput, "the hub holds no event with the id '\(id)'") }
        guard let note = try await storage.kioskLog(kiosk: kioskID)?.checkpoint, let signed = try? SignedCheckpoint(parsing: note),
            seq <= signed.checkpoint.size
        else { throw KioskError(.unavailable, "no checkpoint of kiosk '\(kioskID)' the hub cosigned covers seq \(seq) yet") }
        let (index, size) = (seq - 1, signed.checkpoint.size)
        do {
            let nodes = try await storedTree(of: .kiosk(kioskID)) { recorder in
                _ = try? MerkleTree.inclusionPath(index: index, size: size, from: recorder)
            }
            let path = try MerkleTree.inclusionPath(index: index, size: size, from: nodes)
            return InclusionProofFile(leaf: try EventLeaf(event).bytes, index: index, path: path, checkpoint: signed).text
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.dataError, "kiosk '\(kioskID)' seq \(seq): no proof can be made: \(error)")
        }
    }

    /// Gives each line of kiosk `kioskID`'s log as the hub holds it (LOG-FORMAT.md section 8: each event's JSON, or
    /// the kept leaf hash of one removed or erased, in seq order from seq 1 up to the first gap) to `line`.
    public func exportLog(kiosk kioskID: String, _ line: (String) -> Void) async throws(KioskError) {
        try await EventLogRecomputation.forEachLine(of: logSource(kiosk: kioskID)) { line($0.exportText(kioskID: kioskID)) }
    }

    /// Kiosk `kioskID`'s log as the hub holds it: its events, and the kept leaves of those removed or erased.
    func logSource(kiosk kioskID: String) -> EventLogSource {
        let storage = self.storage
        return EventLogSource(
            events: { (seq, limit) throws(KioskError) in try await storage.kioskEvents(kiosk: kioskID, fromSeq: seq, limit: limit) },
            removedLeaves: { (seq, through, limit) throws(KioskError) in
                try await storage.removedLeaves(kiosk: kioskID, fromSeq: seq, throughSeq: through, limit: limit)
            }
        )
    }

    /// `kiosk-hub log verify`: each kiosk's log (of `property`, or only `kioskID`; every one when both are nil)
    /// recomputed from the events the hub holds and compared with the hub's stored tree and with the latest checkpoint
    /// it cosigned, checked with the kiosk's key and the witness key of `keys`; then, unless one kiosk is asked for, the
    /// hub's own audit logs (of `property`, or all) the same way, their checkpoints checked with the log key. Problems
    /// name the first seq that changed.
    public func verifyLogs(property: String?, kiosk kioskID: String?, keys: HubLogKeys) async throws(KioskError) -> [LogCheck] {
        var checks: [LogCheck] = []
        for kiosk in try await storage.loggedKiosks(property: property) where kioskID == nil || kiosk == kioskID {
            let (tree, removed, stop) = try await EventLogRecomputation.tree(of: "the hub", from: logSource(kiosk: kiosk))
            let record = try await storage.kioskLog(kiosk: kiosk)
            let problems = try await problems(of: .kiosk(kiosk), tree: tree, stop: stop, checkpoint: record?.checkpoint) { signed in
                do {
                    try signed.verify(kioskKey: try NoteVerifier(vkey: record?.vkey ?? ""), witnessKeys: [keys.witness.verifier])
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            checks.append(LogCheck(name: kiosk, leaves: tree.size, removed: removed, problems: problems))
        }
        if let kioskID {
            guard checks.contains(where: { $0.name == kioskID }) else {
                throw KioskError(.noInput, "the hub holds no log of kiosk '\(kioskID)'\(property.map { " at property '\($0)'" } ?? "")")
            }
            return checks
        }
        for audited in try await storage.auditedProperties() where property == nil || audited == property {
            var tree = InMemoryMerkleTree()
            var stop: String?
            var removed: Int64 = 0
            try await forEachAuditEntry(of: audited) { (entry) throws(KioskError) in
                guard stop == nil else { return }
                guard entry.seq == tree.size + 1 else {
                    stop = "seq \(tree.size + 1): missing from the hub (the next entry is seq \(entry.seq))"
                    return
                }
                do { tree.append(try entry.leafHash) } catch { stop = "seq \(entry.seq): the entry cannot enter the audit log: \(error)" }
                if entry.removedLeafHash != nil { removed += 1 }
            }
            let checkpoint = try await storage.auditCheckpoint(property: audited)?.text
            let problems = try await problems(of: .audit(property: audited), tree: tree, stop: stop, checkpoint: checkpoint) { signed in
                let origin = keys.auditOrigin(property: audited)
                guard signed.checkpoint.origin == origin else { return "its origin '\(signed.checkpoint.origin)' is not '\(origin)'" }
                do {
                    try signed.verify(logKey: keys.log.verifier, witnessKeys: [])
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            checks.append(LogCheck(name: "audit/" + audited, leaves: tree.size, removed: removed, problems: problems))
        }
        return checks
    }

    /// What is wrong with a log whose leaves give `tree` (the recomputation stopped early saying `stop`): its stored
    /// tree's first changed leaf, and its latest checkpoint (`checkpoint`, checked by `verify`) when it no longer holds.
    private func problems(
        of log: StoredLog,
        tree: InMemoryMerkleTree,
        stop: String?,
        checkpoint note: String?,
        verify: (SignedCheckpoint) -> String?
    ) async throws(KioskError) -> [String] {
        var problems = stop.map { [$0] } ?? []
        if let first = MerkleTree.firstChangedLeaf(stored: try await storage.allLogTiles(of: log).flatMap(\.nodes), recomputed: tree) {
            problems.append("seq \(first + 1): the \(log.leafNoun) no longer matches what the hub's tree holds for it")
        }
        guard let note else { return problems }
        let signed: SignedCheckpoint
        do {
            signed = try SignedCheckpoint(parsing: note)
        } catch {
            return problems + ["the latest checkpoint: \(error)"]
        }
        if let problem = verify(signed) { return problems + ["the latest checkpoint: " + problem] }
        let size = signed.checkpoint.size
        guard size <= tree.size else { return problems + ["the latest checkpoint of size \(size): the hub holds only \(tree.size) of its leaves"] }
        guard let root = try? MerkleTree.root(size: size, from: tree), root == signed.checkpoint.rootHash else {
            return problems + ["the latest checkpoint of size \(size): seq 1 to \(size): the hub's \(log.leafNoun)s no longer give its root"]
        }
        return problems
    }
}

/// What `kiosk-hub log verify` found of one log.
public struct LogCheck: Sendable, Hashable {
    /// The kiosk's id, or `audit/<property>` for a property's audit log.
    public let name: String
    /// How many of its leaves were recomputed.
    public let leaves: Int64
    /// How many of those were removed or erased, their hashes kept.
    public let removed: Int64
    /// None when the log verifies.
    public let problems: [String]

    public init(name: String, leaves: Int64, removed: Int64, problems: [String]) {
        self.name = name
        self.leaves = leaves
        self.removed = removed
        self.problems = problems
    }
}

extension StoredLog {
    /// What a leaf of the log is: an event or an audit entry.
    fileprivate var leafNoun: String {
        switch self {
        case .kiosk: "event"
        case .audit: "entry"
        }
    }
}
