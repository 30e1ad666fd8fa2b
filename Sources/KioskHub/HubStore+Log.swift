public import Foundation
public import KioskCore
public import KioskHubStorage
public import KioskLog
import KioskWire

extension HubStore {
    /// Witnesses a checkpoint kiosk `kioskID` of `property` posted (CONTRACT.md "Signed logs"): accepted when it is
    /// a checkpoint of that kiosk's log signed by its key (pinned, or learnt now from `offeredVkey` when it has none),
    /// its tree equals the tree of the kiosk's events the hub holds up to its size, and it extends the last one
    /// accepted. Then it is cosigned with `keys.witness` at `now`, kept, and returned. Otherwise nothing is stored
    /// but the alert `log_inconsistent` (through `alertSettings`' channels), and the refusal says why.
    public func witness(
        _ text: String,
        kiosk kioskID: String,
        property: String,
        offeredVkey: String?,
        keys: HubLogKeys,
        alertSettings: AlertSettings,
        now: Date
    ) async throws(KioskError) -> CheckpointWitnessing {
        let record = try await storage.kioskLog(kiosk: kioskID)
        switch try await check(text, kiosk: kioskID, property: property, offeredVkey: offeredVkey, record: record) {
        case .failure(let refusal):
            try await raise(refusal, kiosk: kioskID, property: property, acceptedSize: record?.size ?? 0, settings: alertSettings, now: now)
            return .refused(refusal)
        case .success(let (signed, vkey)):
            let cosigned: SignedCheckpoint
            do {
                cosigned = try signed.cosigned(by: keys.witness, time: Int64(now.timeIntervalSince1970))
            } catch {
                throw KioskError(.configuration, "cannot cosign a checkpoint with the witness key: \(error)")
            }
            let size = signed.checkpoint.size
            // A key learnt on first use is stored with the checkpoint it verified, never with a refused one.
            if record?.vkey == nil {
                _ = try await storage.setKioskLogKey(vkey, kiosk: kioskID, property: property, replacing: false)
            }
            guard try await storage.acceptCheckpoint(cosigned.text, size: size, vkey: vkey, kiosk: kioskID, at: now) else {
                let refusal = CheckpointRefusal(size: size, reason: "a larger checkpoint or another key was accepted meanwhile")
                try await raise(refusal, kiosk: kioskID, property: property, acceptedSize: record?.size ?? 0, settings: alertSettings, now: now)
                return .refused(refusal)
            }
            return .cosigned(cosigned.text)
        }
    }

    /// The key `vkey` names, which must be kiosk `kioskID`'s log key: an Ed25519 note key named `kiosk/<kioskID>`.
    public static func kioskLogKey(_ vkey: String, kiosk kioskID: String) throws(KioskError) -> NoteVerifier {
        let verifier: NoteVerifier
        do {
            verifier = try NoteVerifier(vkey: vkey)
        } catch {
            throw KioskError(.usage, "--vkey: \(error)")
        }
        let expected = Checkpoint.kioskOriginPrefix + kioskID
        guard isKioskLogKey(verifier, kiosk: kioskID) else {
            throw KioskError(
                .usage,
                "--vkey: kiosk '\(kioskID)' signs with an Ed25519 key (type 0x01) named '\(expected)', not '\(verifier.name)' of type \(verifier.type)"
            )
        }
        return verifier
    }

    /// Whether `verifier` can be kiosk `kioskID`'s log key: an Ed25519 note key named `kiosk/<kioskID>`.
    private static func isKioskLogKey(_ verifier: NoteVerifier, kiosk kioskID: String) -> Bool {
        verifier.name == Checkpoint.kioskOriginPrefix + kioskID && verifier.type == .ed25519
    }

    /// The latest checkpoint of kiosk `kioskID` the hub cosigned, nil when there is none.
    public func cosignedCheckpoint(kiosk kioskID: String) async throws(KioskError) -> String? {
        try await storage.kioskLog(kiosk: kioskID)?.checkpoint
    }

    /// The signed checkpoint and the vkey that verified it, or why it is refused.
    private func check(
        _ text: String,
        kiosk kioskID: String,
        property: String,
        offeredVkey: String?,
        record: KioskLogRecord?
    ) async throws(KioskError) -> Result<(SignedCheckpoint, String), CheckpointRefusal> {
        let signed: SignedCheckpoint
        do {
            signed = try SignedCheckpoint(parsing: text)
        } catch {
            return .failure(CheckpointRefusal(size: nil, reason: "not a signed checkpoint: \(error)"))
        }
        let size = signed.checkpoint.size
        func refused(_ reason: String) -> Result<(SignedCheckpoint, String), CheckpointRefusal> {
            .failure(CheckpointRefusal(size: size, reason: reason))
        }
        let origin = Checkpoint.kioskOriginPrefix + kioskID
        guard signed.checkpoint.origin == origin else {
            return refused("its origin '\(signed.checkpoint.origin)' is not this kiosk's log '\(origin)'")
        }
        // The key the hub holds, or on first use the one the kiosk sent (learnt only if the checkpoint is accepted).
        let verifier: NoteVerifier
        if let stored = record?.vkey {
            guard let key = try? NoteVerifier(vkey: stored) else { return refused("the stored key of kiosk '\(kioskID)' cannot be read") }
            verifier = key
        } else {
            guard let offeredVkey else { return refused("the hub knows no key of kiosk '\(kioskID)' and the kiosk sent none") }
            guard let offered = try? NoteVerifier(vkey: offeredVkey), Self.isKioskLogKey(offered, kiosk: kioskID) else {
                return refused("the key the kiosk sent is not an Ed25519 key named '\(origin)'")
            }
            verifier = offered
        }
        let vkey = verifier.vkey
        do {
            try signed.verify(kioskKey: verifier, witnessKeys: [])
        } catch {
            if let offeredVkey, offeredVkey != vkey {
                return refused(
                    "signed by another key (\(offeredVkey)) than the one the hub holds for this kiosk (\(vkey)); pin the new one with `kiosk-hub token create --kiosk \(kioskID) --vkey VKEY`"
                )
            }
            return refused("its signature does not verify with the kiosk's key \(vkey): \(error)")
        }
        let accepted = record?.size ?? 0
        guard size >= accepted else { return refused("its size \(size) is smaller than the \(accepted) already accepted") }
        let held = try await extendLog(kiosk: kioskID, toAtLeast: size)
        guard size <= held else { return refused("its size \(size) is beyond the \(held) events of this kiosk the hub holds in seq order") }
        let nodes = try await storedTree(of: .kiosk(kioskID)) { recorder in
            _ = try? MerkleTree.root(size: size, from: recorder)
            _ = try? MerkleTree.consistencyProof(from: accepted, to: size, from: recorder)
        }
        let root: MerkleHash
        do {
            root = try MerkleTree.root(size: size, from: nodes)
        } catch {
            throw KioskError(.dataError, "the hub's tree of kiosk '\(kioskID)' lacks a node: \(error)")
        }
        guard root == signed.checkpoint.rootHash else {
            return refused(
                "its root \(signed.checkpoint.rootHash.base64) is not the root \(root.base64) of the \(size) events the hub holds (a changed or forked log)"
            )
        }
        if accepted > 0, let previous = record?.checkpoint, let before = try? SignedCheckpoint(parsing: previous) {
            let proof = (try? MerkleTree.consistencyProof(from: accepted, to: size, from: nodes)) ?? []
            guard MerkleTree.verifyConsistency(oldSize: accepted, newSize: size, oldRoot: before.checkpoint.rootHash, newRoot: root, proof: proof)
            else {
                return refused("it does not extend the checkpoint of size \(accepted) the hub accepted")
            }
        }
        return .success((signed, vkey))
    }

    /// Brings the stored tree of `kioskID`'s log up to its events the hub holds in seq order (an erased one by the
    /// leaf hash it kept), stopping once it has `size` leaves or at the first gap; returns its size.
    func extendLog(kiosk kioskID: String, toAtLeast size: Int64) async throws(KioskError) -> Int64 {
        let log = logSource(kiosk: kioskID)
        return try await extendTree(.kiosk(kioskID), toAtLeast: size) { (seq, limit) throws(KioskError) in
            try await log.lines(fromSeq: seq, limit: limit).map(Self.leaf(of:))
        }
    }

    /// The seq and leaf hash of a line of a kiosk's log (nil for an event no leaf can hold).
    static func leaf(of line: EventLogLine) -> (seq: Int64, hash: MerkleHash?) {
        switch line {
        case .event(let event): (event.seq, try? EventLeaf(event).leafHash)
        case .removed(let leaf): (leaf.seq, leaf.leafHash)
        }
    }

    private func raise(
        _ refusal: CheckpointRefusal,
        kiosk kioskID: String,
        property propertyID: String,
        acceptedSize: Int64,
        settings: AlertSettings,
        now: Date
    ) async throws(KioskError) {
        let property = try await self.property(propertyID)
        let alert = Alert(
            id: Self.alertID("log_inconsistent", kioskID, String(refusal.size ?? -1), refusal.reason),
            event: .logInconsistent,
            property: propertyID,
            at: Timestamp.format(now, in: property.policy.timeZone),
            kiosk: kioskID,
            log: Alert.Log(acceptedSize: acceptedSize, refusedSize: refusal.size, reason: refusal.reason)
        )
        let channels = settings.channels.filter { $0.events.contains(.logInconsistent) }.map(\.key)
        _ = try await storage.addAlert(alert, property: propertyID, channels: channels, createdAt: now)
    }
}

/// What became of a checkpoint a kiosk posted.
public enum CheckpointWitnessing: Sendable, Hashable {
    /// Accepted: the checkpoint with the hub's cosignature.
    case cosigned(String)
    case refused(CheckpointRefusal)
}

/// Why a checkpoint was refused, and its size when it had one.
public struct CheckpointRefusal: Error, Sendable, Hashable {
    public let size: Int64?
    public let reason: String
}

/// The hub's two keys (LOG-FORMAT.md section 7): the witness key cosigns kiosks' checkpoints, the log key signs the
/// hub's own logs. Made once per deployment and kept by the storage.
public struct HubLogKeys: Sendable {
    public let witness: Cosigner
    public let log: NoteSigner
    /// `[hub] log_name`, which names both keys and the audit logs.
    public let logName: String

    /// The origin of `property`'s audit log: `<log_name>/audit/<property>`.
    public func auditOrigin(property: String) -> String {
        logName + "/audit/" + property
    }

    /// The keys named from `logName` that `storage` holds, made now when it holds none.
    public static func load(logName: String, storage: some LogStorage) async throws(KioskError) -> HubLogKeys {
        let logKeyName = logName + "/log"
        let proposed: HubLogKeyLines
        do {
            proposed = HubLogKeyLines(
                witness: try Cosigner(generatingKeyNamed: logName).keyText,
                log: try NoteSigner(generatingKeyNamed: logKeyName).keyText
            )
        } catch {
            throw KioskError(.configuration, "[hub] log_name '\(logName)' cannot name a key: \(error)")
        }
        let lines = try await storage.hubLogKeys(proposing: proposed)
        do {
            return HubLogKeys(
                witness: try SignerKeyText.cosigner(lines.witness, name: logName),
                log: try SignerKeyText.signer(lines.log, name: logKeyName),
                logName: logName
            )
        } catch {
            throw KioskError(
                .configuration,
                "the hub's log keys cannot be used with [hub] log_name '\(logName)': \(error); a hub's keys are made once and never replaced"
            )
        }
    }
}
