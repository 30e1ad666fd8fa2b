public import KioskCore
public import KioskJournal
public import KioskLog
import KioskWire

/// The gate's signed log (CONTRACT.md "Signed logs"): leaf i is the kiosk's own event with seq i + 1. The journal keeps
/// its tree (`Journal+Log`); this brings the tree up to the last event and signs checkpoints of it, off the tap path.
public struct GateLog: Sendable {
    public let journal: Journal

    public init(journal: Journal) {
        self.journal = journal
    }

    /// How many leaves a transaction of `extend()` appends at most, so that a tap never waits long for the writer.
    static let leavesPerTransaction = 1_000

    /// Brings the stored tree up to the kiosk's last own event, and returns its size. The tree stops before a seq
    /// the journal lacks (seqs run 1, 2, 3, … with no gap) and before an event no leaf can encode, which it names.
    public func extend() async throws(KioskError) -> Int64 {
        var size = try await journal.logSize()
        while true {
            let events = try await journal.ownEvents(fromSeq: size + 1, limit: Self.leavesPerTransaction)
            var hashes: [MerkleHash] = []
            for event in events where event.seq == size + 1 + Int64(hashes.count) {
                hashes.append(try Self.leafHash(of: event))
            }
            guard !hashes.isEmpty else { return size }
            if try await journal.appendToLog(hashes, atSize: size) {
                size += Int64(hashes.count)
            } else {
                size = try await journal.logSize()
            }
            if hashes.count < events.count || events.count < Self.leavesPerTransaction { return size }
        }
    }

    /// Appends the leaves of `events`, the kiosk's own in seq order as a sync pass reads them, when they continue the
    /// stored tree: a backlog's tree is built while its batches are at the hub, from the events already read
    /// (P4). Events that do not continue it are left to `extend()`.
    public func extend(with events: [EventRecord]) async throws(KioskError) {
        guard let first = events.first, first.kioskID == journal.kioskID else { return }
        let size = first.seq - 1
        var hashes: [MerkleHash] = []
        hashes.reserveCapacity(events.count)
        for event in events {
            guard event.seq == size + 1 + Int64(hashes.count), event.kioskID == journal.kioskID, let leaf = try? Self.leafHash(of: event) else {
                break
            }
            hashes.append(leaf)
        }
        if !hashes.isEmpty { _ = try await journal.appendToLog(hashes, atSize: size) }
    }

    /// Signs a checkpoint of the log, of its first `limit` leaves when given, with `key`, and keeps it as the latest the
    /// kiosk signed.
    public func signCheckpoint(with key: NoteSigner, size limit: Int64? = nil) async throws(KioskError) -> SignedCheckpoint {
        let extended = try await extend()
        let size = limit.map { min($0, extended) } ?? extended
        let root = try await journal.logRoot(size: size)
        let signed: SignedCheckpoint
        do {
            signed = try SignedCheckpoint(Checkpoint(origin: key.name, size: size, rootHash: root), signedBy: key)
        } catch {
            throw KioskError(.dataError, "cannot sign a checkpoint of the log: \(error)")
        }
        try await journal.keepCheckpoint(KeptCheckpoint(kind: .signed, size: size, note: signed.text, vkey: key.verifier.vkey))
        return signed
    }

    /// Keeps the hub's answer `note` to the checkpoint `signed` when it is that checkpoint still carrying the kiosk's
    /// signature by `signer` (and the hub's cosignature, which `kiosk log verify` checks); returns whether it was kept.
    public func keepCosigned(_ note: String, of signed: SignedCheckpoint, signer: NoteVerifier) async throws(KioskError) -> Bool {
        guard let cosigned = try? SignedCheckpoint(parsing: note), cosigned.checkpoint == signed.checkpoint,
            (try? cosigned.verify(kioskKey: signer, witnessKeys: [])) != nil
        else { return false }
        try await journal.keepCheckpoint(KeptCheckpoint(kind: .cosigned, size: signed.checkpoint.size, note: cosigned.text, vkey: signer.vkey))
        return true
    }

    /// The leaf hash of one of the kiosk's events; an event no leaf can encode is named.
    static func leafHash(of event: EventRecord) throws(KioskError) -> MerkleHash {
        do {
            return try EventLeaf(event).leafHash
        } catch {
            throw KioskError(.dataError, "seq \(event.seq): the event cannot enter the signed log: \(error)")
        }
    }
}
