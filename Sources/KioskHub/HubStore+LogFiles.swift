import Foundation
public import KioskCore
import KioskHubStorage
public import KioskLog
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
        let positions = MerkleNodesRead.positions { recorder in _ = try? MerkleTree.inclusionPath(index: index, size: size, from: recorder) }
        do {
            let nodes = MerkleNodesRead(try await storage.logNodes(kiosk: kioskID, at: positions))
            let path = try MerkleTree.inclusionPath(index: index, size: size, from: nodes)
            return InclusionProofFile(leaf: try EventLeaf(event).bytes, index: index, path: path, checkpoint: signed).text
        } catch let error as KioskError {
            throw error
        } catch {
            throw KioskError(.dataError, "kiosk '\(kioskID)' seq \(seq): no proof can be made: \(error)")
        }
    }

    /// Gives each line of kiosk `kioskID`'s log as the hub holds it (LOG-FORMAT.md section 8: each event's JSON, in
    /// seq order from seq 1 up to the first gap) to `line`.
    public func exportLog(kiosk kioskID: String, _ line: (String) -> Void) async throws(KioskError) {
        var next: Int64 = 1
        while true {
            let events = try await storage.kioskEvents(kiosk: kioskID, fromSeq: next, limit: EventLogRecomputation.pageSize)
            for event in events {
                guard event.seq == next else { return }
                line(String(decoding: WireEvent(event).jsonBytes(), as: UTF8.self))
                next += 1
            }
            if events.count < EventLogRecomputation.pageSize { return }
        }
    }

    /// `kiosk-hub log verify`: each kiosk's log (of `property`, or only `kioskID`; every one when both are nil)
    /// recomputed from the events the hub holds and compared with the hub's stored tree and with the latest checkpoint
    /// it cosigned, checked with the kiosk's key and `witness`. Problems name the first seq that changed.
    public func verifyLogs(property: String?, kiosk kioskID: String?, witness: NoteVerifier) async throws(KioskError) -> [KioskLogCheck] {
        var checks: [KioskLogCheck] = []
        for kiosk in try await storage.loggedKiosks(property: property) where kioskID == nil || kiosk == kioskID {
            let (tree, stop) = try await EventLogRecomputation.tree(of: "the hub") { (seq, limit) throws(KioskError) in
                try await storage.kioskEvents(kiosk: kiosk, fromSeq: seq, limit: limit)
            }
            var problems = stop.map { [$0] } ?? []
            if let first = MerkleTree.firstChangedLeaf(stored: try await storage.allLogNodes(kiosk: kiosk), recomputed: tree) {
                problems.append("seq \(first + 1): the event no longer matches what the hub's tree holds for it")
            }
            if let record = try await storage.kioskLog(kiosk: kiosk), let note = record.checkpoint {
                if let problem = Self.checkpointProblem(note, vkey: record.vkey, witness: witness, tree: tree) { problems.append(problem) }
            }
            checks.append(KioskLogCheck(kioskID: kiosk, events: tree.size, problems: problems))
        }
        if let kioskID, !checks.contains(where: { $0.kioskID == kioskID }) {
            throw KioskError(.noInput, "the hub holds no log of kiosk '\(kioskID)'\(property.map { " at property '\($0)'" } ?? "")")
        }
        return checks
    }

    private static func checkpointProblem(_ note: String, vkey: String?, witness: NoteVerifier, tree: InMemoryMerkleTree) -> String? {
        let signed: SignedCheckpoint
        do {
            signed = try SignedCheckpoint(parsing: note)
            try signed.verify(kioskKey: try NoteVerifier(vkey: vkey ?? ""), witnessKeys: [witness])
        } catch {
            return "the cosigned checkpoint: \(error)"
        }
        let size = signed.checkpoint.size
        guard size <= tree.size else { return "the cosigned checkpoint of size \(size): the hub holds only \(tree.size) of its events" }
        guard let root = try? MerkleTree.root(size: size, from: tree), root == signed.checkpoint.rootHash else {
            return "the cosigned checkpoint of size \(size): seq 1 to \(size): the hub's events no longer give its root"
        }
        return nil
    }
}

/// What `kiosk-hub log verify` found of one kiosk's log.
public struct KioskLogCheck: Sendable, Hashable {
    public let kioskID: String
    /// How many of its events were recomputed.
    public let events: Int64
    /// None when the log verifies.
    public let problems: [String]
}
