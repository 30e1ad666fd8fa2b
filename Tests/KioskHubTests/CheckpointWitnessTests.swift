import Foundation
import KioskCore
import KioskLog
import KioskWire
import Testing

@testable import KioskConsole
@testable import KioskHub
@testable import KioskHubStorage

/// The hub as the witness of a kiosk's signed log, on the backend the run names: a checkpoint of the events it holds
/// is cosigned; a smaller, forked, oversized, foreign, garbled or otherwise signed one is refused with its reason,
/// stores nothing and raises `log_inconsistent`; a pinned key replaces the one learnt on first use.
@Suite struct CheckpointWitnessTests {
    let kioskKey = try! NoteSigner(name: "kiosk/gate-1", seed: Array(repeating: 7, count: 32))

    /// The checkpoint of the first `size` of `events`, signed by `key`.
    func checkpoint(_ events: [WireEvent], size: Int, key: NoteSigner) throws -> String {
        let tree = InMemoryMerkleTree(leafHashes: try events.prefix(size).map { try EventLeaf($0).leafHash })
        let root = try MerkleTree.root(size: Int64(size), from: tree)
        return try SignedCheckpoint(Checkpoint(origin: key.name, size: Int64(size), rootHash: root), signedBy: key).text
    }

    @Test func aCheckpointOfTheEventsHeldIsCosignedAndOnlyOneThatExtendsItFollows() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        let events = HubFixture.batch(kiosk: "gate-1", count: 5).events
        _ = try await store.store(events)
        let keys = try await HubLogKeys.load(logName: "hub.test", storage: store.storage)
        let now = Date(timeIntervalSince1970: 1_795_275_660)
        func witness(_ text: String, vkey: String? = nil) async throws -> CheckpointWitnessing {
            try await store.witness(
                text,
                kiosk: "gate-1",
                property: HubProperty.defaultID,
                offeredVkey: vkey,
                keys: keys,
                alertSettings: AlertSettings(),
                now: now
            )
        }
        func reason(_ witnessing: CheckpointWitnessing) -> String {
            guard case .refused(let refusal) = witnessing else { return "accepted" }
            return refusal.reason
        }

        // No key known and none sent: refused. A key sent with a refused checkpoint is not learnt. Then the kiosk's key
        // is learnt on first use, and its checkpoint cosigned.
        #expect(reason(try await witness(try checkpoint(events, size: 3, key: kioskKey))).contains("knows no key"))
        let stranger = try NoteSigner(name: "kiosk/gate-1", seed: Array(repeating: 3, count: 32))
        var strangersEvents = events
        strangersEvents[0].reason = "made up"
        let strangers = try checkpoint(strangersEvents, size: 3, key: stranger)
        #expect(reason(try await witness(strangers, vkey: stranger.verifier.vkey)).contains("is not the root"))
        #expect(try await store.storage.kioskLog(kiosk: "gate-1")?.vkey == nil)
        guard case .cosigned(let three) = try await witness(try checkpoint(events, size: 3, key: kioskKey), vkey: kioskKey.verifier.vkey) else {
            Issue.record("the first checkpoint was refused")
            return
        }
        let cosigned = try SignedCheckpoint(parsing: three)
        try cosigned.verify(kioskKey: kioskKey.verifier, witnessKeys: [keys.witness.verifier])
        #expect(three.hasSuffix("\n") && three.components(separatedBy: "\n— ").count == 3)

        guard case .cosigned(let five) = try await witness(try checkpoint(events, size: 5, key: kioskKey)) else {
            Issue.record("a checkpoint extending the accepted one was refused")
            return
        }
        #expect(try await store.cosignedCheckpoint(kiosk: "gate-1") == five)

        var forked = events
        forked[3].studentId = "S002"
        let otherKey = try NoteSigner(name: "kiosk/gate-1", seed: Array(repeating: 9, count: 32))
        let elsewhere = try NoteSigner(name: "kiosk/gate-2", seed: Array(repeating: 7, count: 32))
        let refusals = [
            (try checkpoint(events, size: 4, key: kioskKey), "smaller than the 5 already accepted"),
            (try checkpoint(forked, size: 5, key: kioskKey), "is not the root"),
            (try checkpoint(events + [HubFixture.event(kiosk: "gate-1", seq: 6)], size: 6, key: kioskKey), "beyond the 5 events"),
            (try checkpoint(events, size: 5, key: otherKey), "does not verify"),
            (try checkpoint(events, size: 5, key: elsewhere), "is not this kiosk's log"),
            ("kiosk/gate-1\nfive\n\n", "not a signed checkpoint"),
        ]
        for (text, expected) in refusals {
            let said = reason(try await witness(text))
            #expect(said.contains(expected), "\(said)")
        }
        #expect(reason(try await witness(try checkpoint(events, size: 5, key: otherKey), vkey: otherKey.verifier.vkey)).contains("another key"))
        #expect(try await store.cosignedCheckpoint(kiosk: "gate-1") == five)

        let alerts = try await store.alerts().filter { $0.alert.event == .logInconsistent }.map(\.alert)
        #expect(alerts.count == refusals.count + 3)
        let smaller = try #require(alerts.first { $0.log?.refusedSize == 4 })
        #expect(smaller.kiosk == "gate-1" && smaller.log?.acceptedSize == 5 && smaller.log?.reason.contains("smaller") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: smaller.json) as? [String: Any])
        #expect((json["log"] as? [String: Any]).map { Set($0.keys) } == ["acceptedSize", "refusedSize", "reason"])

        // The operator pins the kiosk's new key with a new token: its checkpoints are cosigned from then on.
        _ = try await store.createToken(kioskID: "gate-1", vkey: otherKey.verifier.vkey)
        guard case .cosigned = try await witness(try checkpoint(events, size: 5, key: otherKey)) else {
            Issue.record("a checkpoint signed by the pinned key was refused")
            return
        }
    }

    /// Proofs against the cosigned checkpoint, and `log verify` finding an event edited in the hub's database.
    @Test func proofsVerifyAndAnEventEditedInTheDatabaseIsFound() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        let events = HubFixture.batch(kiosk: "gate-1", count: 6).events
        _ = try await store.store(events)
        let keys = try await HubLogKeys.load(logName: "hub.test", storage: store.storage)
        let witnessing = try await store.witness(
            try checkpoint(events, size: 5, key: kioskKey),
            kiosk: "gate-1",
            property: HubProperty.defaultID,
            offeredVkey: kioskKey.verifier.vkey,
            keys: keys,
            alertSettings: AlertSettings(),
            now: Date()
        )
        guard case .cosigned = witnessing else {
            Issue.record("the checkpoint was refused")
            return
        }
        for event in events.prefix(5) {
            let proof = try InclusionProofFile(parsing: try await store.logProof(eventID: event.id))
            #expect(try proof.verify(kioskKey: kioskKey.verifier, witnessKeys: [keys.witness.verifier], event: EventLeaf(event)) == EventLeaf(event))
        }
        await #expect(throws: KioskError.self) { try await store.logProof(eventID: events[5].id) }
        _ = try await store.createToken(kioskID: "gate-1")
        let gate = try #require(try await store.gateStates(property: HubProperty.defaultID, now: Date(), offlineSeconds: 600).first)
        #expect(gate.witnessedSeq == 5 && gate.heldSeq == 6 && ConsoleWords.witnessed(gate) == "witnessed up to seq 5 of 6")
        await #expect(throws: KioskError.self) { try await store.logProof(eventID: "0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e01") }
        var lines: [String] = []
        try await store.exportLog(kiosk: "gate-1") { lines.append($0) }
        #expect(lines.count == 6 && lines[0].contains(events[0].id))

        let clean = try await store.verifyLogs(property: nil, kiosk: nil, keys: keys)
        #expect(clean.first == LogCheck(name: "gate-1", leaves: 6, removed: 0, problems: []))
        #expect(clean.dropFirst().map(\.name) == ["audit/default"] && clean.allSatisfy(\.problems.isEmpty), "\(clean)")
        _ = try await hub.sql("UPDATE event SET student_id = 'S009' WHERE kiosk_id = 'gate-1' AND seq = 3")
        let edited = try await store.verifyLogs(property: HubProperty.defaultID, kiosk: "gate-1", keys: keys)
        #expect(edited.first?.problems.first?.hasPrefix("seq 3: ") == true, "\(edited)")
        #expect(edited.first?.problems.contains { $0.contains("latest checkpoint of size 5") } == true)
        await #expect(throws: KioskError.self) { try await store.verifyLogs(property: nil, kiosk: "gate-9", keys: keys) }
    }

    @Test func aPinnedKeyMustBeTheKiosksEd25519Key() async throws {
        #expect(throws: KioskError.self) { try HubStore.kioskLogKey("not a key", kiosk: "gate-1") }
        #expect(throws: KioskError.self) { try HubStore.kioskLogKey(kioskKey.verifier.vkey, kiosk: "gate-2") }
        #expect(try HubStore.kioskLogKey(kioskKey.verifier.vkey, kiosk: "gate-1") == kioskKey.verifier)
    }

    /// The hub's keys are made once per database, so every hub process signs with the same pair.
    @Test func theHubsKeysAreMadeOnceAndKept() async throws {
        let hub = try await HubFixture()
        let first = try await HubLogKeys.load(logName: "pg-chain.example", storage: hub.store.storage)
        let again = try await HubLogKeys.load(logName: "pg-chain.example", storage: hub.store.storage)
        #expect(first.witness.verifier == again.witness.verifier && first.log.verifier == again.log.verifier)
        #expect(first.witness.verifier.type == .cosignature && first.witness.verifier.name == "pg-chain.example")
        #expect(first.log.verifier.type == .ed25519 && first.log.verifier.name == "pg-chain.example/log")
        #expect(first.witness.verifier.publicKey != first.log.verifier.publicKey)
        await #expect(throws: KioskError.self) { try await HubLogKeys.load(logName: "renamed", storage: hub.store.storage) }
    }
}

/// The hub's tree of a kiosk's log grows as the kiosk's events are pushed, so a checkpoint finds it current: events
/// that continue it are appended at once, events after a gap wait until the checkpoint reads them back.
@Suite struct PushedLogTreeTests {
    @Test func pushedEventsThatContinueTheTreeAreAppendedAndTheRestWaitForTheCheckpoint() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        let events = HubFixture.batch(kiosk: "gate-1", count: 6).events
        let log = StoredLog.kiosk("gate-1")
        func root(size: Int64) async throws -> MerkleHash {
            let positions = MerkleNodesRead.positions { recorder in _ = try? MerkleTree.root(size: size, from: recorder) }
            return try MerkleTree.root(
                size: size,
                from: MerkleTilesRead(try await store.storage.logTiles(of: log, at: MerkleTilePosition.holding(positions)))
            )
        }
        let expected = InMemoryMerkleTree(leafHashes: try events.map { try EventLeaf($0).leafHash })

        _ = try await store.store(Array(events[0..<3]))
        #expect(try await store.storage.logSize(of: log) == 3)
        #expect(try await root(size: 3) == (try MerkleTree.root(size: 3, from: expected)))

        _ = try await store.store(Array(events[4..<6]))
        #expect(try await store.storage.logSize(of: log) == 3)
        _ = try await store.store(Array(events[0..<4]))
        #expect(try await store.storage.logSize(of: log) == 4)

        #expect(try await store.extendLog(kiosk: "gate-1", toAtLeast: 6) == 6)
        #expect(try await root(size: 6) == (try MerkleTree.root(size: 6, from: expected)))
    }

    /// A kiosk's batches may be stored out of order (two hub processes, a retry): the next reads back what the tree lacks.
    @Test func aBatchStoredBeforeTheOneBeforeItIsReadBackWithTheNext() async throws {
        let hub = try await HubFixture()
        let store = hub.store
        let events = HubFixture.batch(kiosk: "gate-1", count: 9).events
        let log = StoredLog.kiosk("gate-1")
        _ = try await store.store(Array(events[3..<6]))
        #expect(try await store.storage.logSize(of: log) == 0)
        _ = try await store.store(Array(events[0..<3]))
        #expect(try await store.storage.logSize(of: log) == 3)
        _ = try await store.store(Array(events[6..<9]))
        #expect(try await store.storage.logSize(of: log) == 9)
        let expected = InMemoryMerkleTree(leafHashes: try events.map { try EventLeaf($0).leafHash })
        let positions = MerkleNodesRead.positions { recorder in _ = try? MerkleTree.root(size: 9, from: recorder) }
        let stored = MerkleTilesRead(try await store.storage.logTiles(of: log, at: MerkleTilePosition.holding(positions)))
        #expect(try MerkleTree.root(size: 9, from: stored) == MerkleTree.root(size: 9, from: expected))
    }
}
