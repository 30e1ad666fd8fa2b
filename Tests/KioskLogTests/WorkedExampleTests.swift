import KioskLog
import Testing

/// LOG-FORMAT.md section 9 reproduced byte for byte, then verified back.
@Suite struct WorkedExampleTests {
    @Test func seedsAndVerifierKeys() throws {
        #expect(hex(WorkedExample.seed(WorkedExample.kioskSeedLabel)) == WorkedExample.kioskSeedHex)
        #expect(hex(WorkedExample.seed(WorkedExample.hubSeedLabel)) == WorkedExample.hubSeedHex)
        let kiosk = try WorkedExample.kioskSigner()
        let hub = try WorkedExample.hubCosigner()
        #expect(kiosk.verifier.vkey == WorkedExample.kioskVkey)
        #expect(hub.verifier.vkey == WorkedExample.hubVkey)
        #expect(try NoteVerifier(vkey: WorkedExample.kioskVkey) == kiosk.verifier)
        #expect(try NoteVerifier(vkey: WorkedExample.hubVkey) == hub.verifier)
        #expect(try NoteSigner(name: kiosk.name, seed: kiosk.seed).verifier == kiosk.verifier)
    }

    @Test func leafBytesAndHashes() throws {
        let events = WorkedExample.events
        #expect(try events[1].bytes == Array(WorkedExample.leaf1.utf8))
        #expect(try events[2].bytes == Array(WorkedExample.leaf2.utf8))
        #expect(try events.map { hex(try $0.leafHash.bytes) } == WorkedExample.leafHashesHex)
        let first = String(decoding: try events[0].bytes, as: UTF8.self)
        #expect(first.contains("\nid=0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e01\n"))
        #expect(first.contains("\nuid=04A2B9C1D25E80\n"))
        #expect(first.contains("\nreason=\n"))
        #expect(first.contains("\noccurred=2026-11-21T15:33:00.130Z\n"))
        #expect(first.contains("\nmonotonic=8123456789012\n"))
        for event in events {
            #expect(try EventLeaf(bytes: event.bytes).bytes == event.bytes)
        }
    }

    @Test func roots() throws {
        let tree = try WorkedExample.tree()
        let root2 = try MerkleTree.root(size: 2, from: tree)
        let root3 = try MerkleTree.root(size: 3, from: tree)
        #expect(root2.description == WorkedExample.root2Hex)
        #expect(root2.base64 == WorkedExample.root2Base64)
        #expect(root3.description == WorkedExample.root3Hex)
        #expect(root3.base64 == WorkedExample.root3Base64)
        #expect(MerkleTree.emptyRoot.description == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func signedCheckpoints() throws {
        let three = try WorkedExample.signedCheckpoint(size: 3, time: WorkedExample.time3)
        let two = try WorkedExample.signedCheckpoint(size: 2, time: WorkedExample.time2)
        #expect(three.text == WorkedExample.checkpoint3)
        #expect(two.text == WorkedExample.checkpoint2)
        #expect(three.note.signatures.map(\.signature.count) == [64, 8 + 64])
        #expect(three.note.signatures.map { $0.line.split(separator: " ").last?.count } == [92 + 1, 104 + 1])
    }

    @Test func checkpointsVerifyBack() throws {
        let kiosk = try NoteVerifier(vkey: WorkedExample.kioskVkey)
        let hub = try NoteVerifier(vkey: WorkedExample.hubVkey)
        for text in [WorkedExample.checkpoint3, WorkedExample.checkpoint2] {
            let parsed = try SignedCheckpoint(parsing: text)
            try parsed.verify(kioskKey: kiosk, witnessKeys: [hub])
            #expect(parsed.text == text)
            #expect(parsed.checkpoint.kioskID == "gate-1")
            #expect(parsed.checkpoint.extensionLines.isEmpty)
        }
        #expect(try SignedCheckpoint(parsing: WorkedExample.checkpoint3).checkpoint.rootHash.base64 == WorkedExample.root3Base64)
    }

    @Test func inclusionProofFile() throws {
        let tree = try WorkedExample.tree()
        let proof = InclusionProofFile(
            leaf: try WorkedExample.events[1].bytes,
            index: 1,
            path: try MerkleTree.inclusionPath(index: 1, size: 3, from: tree),
            checkpoint: try WorkedExample.signedCheckpoint(size: 3, time: WorkedExample.time3)
        )
        #expect(proof.text == WorkedExample.proof1)
        let parsed = try InclusionProofFile(parsing: WorkedExample.proof1)
        #expect(parsed == proof)
        let event = try parsed.verify(
            kioskKey: NoteVerifier(vkey: WorkedExample.kioskVkey),
            witnessKeys: [NoteVerifier(vkey: WorkedExample.hubVkey)],
            event: WorkedExample.events[1]
        )
        #expect(event.seq == 2)
        #expect(event.id == "6c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e")
        #expect(event.studentID == nil)
    }

    @Test func consistencyProofFile() throws {
        let tree = try WorkedExample.tree()
        let proof = ConsistencyProofFile(hashes: try MerkleTree.consistencyProof(from: 2, to: 3, from: tree))
        #expect(proof.text == WorkedExample.consistency2To3)
        let parsed = try ConsistencyProofFile(parsing: WorkedExample.consistency2To3)
        let old = try SignedCheckpoint(parsing: WorkedExample.checkpoint2).checkpoint
        let new = try SignedCheckpoint(parsing: WorkedExample.checkpoint3).checkpoint
        try parsed.verify(from: old, to: new)
        #expect(throws: ProofError.self) { try parsed.verify(from: new, to: old) }
    }
}
