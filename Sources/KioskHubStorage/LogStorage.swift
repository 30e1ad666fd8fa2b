public import Foundation
public import KioskCore
public import KioskLog

/// The hub's copy of every kiosk's signed log (CONTRACT.md "Signed logs"): the Merkle tree of the kiosk's events the
/// hub holds (and of each property's audit log), kept as tiles of complete subtree hashes (`MerkleTile`); the
/// kiosk's verifier key; the latest checkpoint the hub cosigned; and the hub's own keys. Backends store and fetch; `HubStore` decides what is accepted.
public protocol LogStorage: Sendable {
    /// How many leaves the stored tree of `log` holds.
    func logSize(of log: StoredLog) async throws(KioskError) -> Int64
    /// Up to `limit` of `kioskID`'s stored events from `seq` on, in seq order, none an erasure changed.
    func kioskEvents(kiosk kioskID: String, fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [EventRecord]
    /// Up to `limit` leaves of `kioskID`'s stored tree from `seq` on (through `throughSeq`, to the end when nil), in seq
    /// order, of the events retention deleted or an erasure changed: their places and hashes, which stay.
    func removedLeaves(kiosk kioskID: String, fromSeq seq: Int64, throughSeq: Int64?, limit: Int) async throws(KioskError) -> [RemovedLeaf]
    /// Stores `tiles` of `log`'s tree, each whole, in one transaction. A tile already stored as long or longer is left
    /// as it is: a tile's hashes follow from the leaves below them, which never change, so two hub processes
    /// appending the same leaves store the same tile, and a tile only grows.
    func storeLogTiles(_ tiles: [MerkleTile], of log: StoredLog) async throws(KioskError)
    /// The stored tiles of `log`'s tree at `positions` (those stored).
    func logTiles(of log: StoredLog, at positions: [MerkleTilePosition]) async throws(KioskError) -> [MerkleTile]
    /// Every stored tile of `log`'s tree.
    func allLogTiles(of log: StoredLog) async throws(KioskError) -> [MerkleTile]
    /// The kiosk and seq of the event with `id`, nil when the hub holds none.
    func logPosition(ofEvent id: String) async throws(KioskError) -> (kiosk: String, seq: Int64)?
    /// The kiosks of `property` (every property's when nil) whose logs the hub keeps, sorted.
    func loggedKiosks(property: String?) async throws(KioskError) -> [String]
    /// What the hub holds of `kioskID`'s log: its key and latest cosigned checkpoint; nil for a kiosk without either.
    func kioskLog(kiosk kioskID: String) async throws(KioskError) -> KioskLogRecord?
    /// Stores `vkey` as `kioskID`'s key: always when `replacing`, else only when it has none. Returns the key it has.
    func setKioskLogKey(_ vkey: String, kiosk kioskID: String, property: String, replacing: Bool) async throws(KioskError) -> String
    /// Stores `checkpoint` (cosigned, of `size`) as `kioskID`'s latest, unless the stored one is larger or was signed
    /// by another key than `vkey`; returns whether it was stored.
    func acceptCheckpoint(_ checkpoint: String, size: Int64, vkey: String, kiosk kioskID: String, at instant: Date) async throws(KioskError) -> Bool
    /// The hub's witness and log keys: those stored, or `proposed` stored now when there are none, so every hub
    /// process sharing the database signs with the same pair.
    func hubLogKeys(proposing proposed: HubLogKeyLines) async throws(KioskError) -> HubLogKeyLines
}

/// What the hub holds of one kiosk's log.
public struct KioskLogRecord: Sendable, Hashable {
    /// The kiosk's verifier key, learnt with its first checkpoint or pinned; nil when neither happened yet.
    public var vkey: String?
    /// The size of the latest checkpoint the hub cosigned, 0 for none.
    public var size: Int64
    /// That checkpoint's signed-note text, with the kiosk's signature and the hub's cosignature.
    public var checkpoint: String?

    public init(vkey: String?, size: Int64, checkpoint: String?) {
        self.vkey = vkey
        self.size = size
        self.checkpoint = checkpoint
    }
}

/// The hub's two keys as signer-key lines (`SignerKeyText`): secret.
public struct HubLogKeyLines: Sendable, Hashable {
    /// Cosigns kiosks' checkpoints (type 0x04), named `[hub] log_name`.
    public var witness: String
    /// Signs the checkpoints of the hub's own logs (type 0x01), named `<log_name>/log`.
    public var log: String

    public init(witness: String, log: String) {
        self.witness = witness
        self.log = log
    }
}
