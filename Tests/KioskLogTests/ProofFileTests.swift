import Foundation
import KioskLog
import Testing

/// The inclusion proof file (LOG-FORMAT.md section 5) and the consistency proof file (section 6).
@Suite struct ProofFileTests {
    private let kiosk: NoteVerifier
    private let hub: NoteVerifier

    init() throws {
        kiosk = try NoteVerifier(vkey: WorkedExample.kioskVkey)
        hub = try NoteVerifier(vkey: WorkedExample.hubVkey)
    }

    /// The error checking the proof file `text` throws, or nil when it proves its event.
    private func refusal(_ text: String, event: EventLeaf? = nil) -> ProofError? {
        do {
            try InclusionProofFile(parsing: text).verify(kioskKey: kiosk, witnessKeys: [hub], event: event)
            return nil
        } catch {
            return error
        }
    }

    /// A log of `count` events of kiosk `kioskID`, its tree, and its checkpoint signed by a kiosk key of that name.
    private func log(count: Int, kioskID: String = "gate-1") throws -> ([EventLeaf], InMemoryMerkleTree, SignedCheckpoint, NoteSigner) {
        let signer = try NoteSigner(name: "kiosk/\(kioskID)", seed: WorkedExample.seed("kiosk/\(kioskID)"))
        let events = (1...count).map { seq in
            var event = WorkedExample.events[seq % 3]
            event.kioskID = kioskID
            event.seq = Int64(seq)
            event.id = String(format: "00000000-0000-4000-8000-%012d", seq)
            return event
        }
        let tree = InMemoryMerkleTree(leafHashes: try events.map { try $0.leafHash })
        let checkpoint = try Checkpoint(origin: "kiosk/\(kioskID)", size: tree.size, rootHash: try MerkleTree.root(size: tree.size, from: tree))
        return (events, tree, try SignedCheckpoint(checkpoint, signedBy: signer), signer)
    }

    private func proof(of event: EventLeaf, index: Int64, in tree: InMemoryMerkleTree, checkpoint: SignedCheckpoint) throws -> InclusionProofFile {
        InclusionProofFile(
            leaf: try event.bytes,
            index: index,
            path: try MerkleTree.inclusionPath(index: index, size: checkpoint.checkpoint.size, from: tree),
            checkpoint: checkpoint
        )
    }

    @Test func everyEventOfALogIsProven() throws {
        for count in [1, 2, 5, 8, 13] {
            let (events, tree, checkpoint, signer) = try log(count: count)
            for (index, event) in events.enumerated() {
                let file = try proof(of: event, index: Int64(index), in: tree, checkpoint: checkpoint)
                let parsed = try InclusionProofFile(parsing: file.text)
                #expect(parsed == file)
                #expect(parsed.path.count == (count == 1 ? 0 : file.path.count))
                #expect(try parsed.verify(kioskKey: signer.verifier, witnessKeys: [], event: event).seq == Int64(index + 1))
            }
        }
    }

    @Test func aProofOfTheWrongLeafFails() throws {
        let (events, tree, checkpoint, signer) = try log(count: 6)
        func refusal(_ file: InclusionProofFile, event: EventLeaf? = nil) -> String? {
            do {
                try InclusionProofFile(parsing: file.text).verify(kioskKey: signer.verifier, witnessKeys: [], event: event)
                return nil
            } catch {
                return error.description
            }
        }
        let good = try proof(of: events[2], index: 2, in: tree, checkpoint: checkpoint)
        #expect(refusal(good) == nil)
        let wrongIndex = InclusionProofFile(leaf: good.leaf, index: 3, path: good.path, checkpoint: checkpoint)
        #expect(refusal(wrongIndex) == "the leaf's seq 3 is not index 3 + 1")
        var renumbered = events[2]
        renumbered.seq = 4
        let relabelled = InclusionProofFile(leaf: try renumbered.bytes, index: 3, path: good.path, checkpoint: checkpoint)
        #expect(refusal(relabelled) == "the hashes do not lead from leaf 3 to the root of the tree of size 6")
        let beyond = InclusionProofFile(leaf: try events[5].bytes, index: 6, path: good.path, checkpoint: checkpoint)
        #expect(refusal(beyond) == "index 6 is not below the checkpoint's tree size 6")
        var changed = events[2]
        changed.studentID = "S999"
        let forged = InclusionProofFile(leaf: try changed.bytes, index: 2, path: good.path, checkpoint: checkpoint)
        #expect(refusal(forged) == "the hashes do not lead from leaf 2 to the root of the tree of size 6")
        #expect(refusal(good, event: changed) == "the event's leaf bytes are not the proof's extra bytes")
        #expect(refusal(good, event: events[2]) == nil)
        var otherKiosk = events[2]
        otherKiosk.kioskID = "gate-9"
        let foreign = InclusionProofFile(leaf: try otherKiosk.bytes, index: 2, path: good.path, checkpoint: checkpoint)
        #expect(refusal(foreign) == "the leaf is kiosk \"gate-9\"'s, the checkpoint kiosk \"gate-1\"'s")
        let notALeaf = InclusionProofFile(leaf: Array("hello\n".utf8), index: 2, path: good.path, checkpoint: checkpoint)
        #expect(refusal(notALeaf)?.hasPrefix("extra: ") == true)
        let shortPath = InclusionProofFile(leaf: good.leaf, index: 2, path: Array(good.path.dropLast()), checkpoint: checkpoint)
        #expect(refusal(shortPath) != nil)
    }

    @Test func theCheckpointMustVerify() throws {
        let (events, tree, checkpoint, _) = try log(count: 3, kioskID: "gate-1")
        let unsignedByTheKiosk = try proof(of: events[0], index: 0, in: tree, checkpoint: checkpoint)
        #expect(refusal(unsignedByTheKiosk.text)?.description.hasPrefix("checkpoint: ") == true)
        let exampleWithoutHub = WorkedExample.proof1.replacing(
            try SignedCheckpoint(parsing: WorkedExample.checkpoint3).note.signatures[1].line,
            with: ""
        )
        #expect(refusal(exampleWithoutHub)?.description == "checkpoint: no signature line of key \"hub.example/pg-7\"")
    }

    @Test func theFileIsStrict() {
        let text = WorkedExample.proof1
        #expect(refusal(text) == nil)
        let extra = text.split(separator: "\n")[1]
        let cases: [(Substring, String, String)] = [
            ("c2sp.org/tlog-proof@v1", "c2sp.org/tlog-proof@v2", "proof line 1"),
            ("c2sp.org/tlog-proof@v1\n", "", "proof line 1"),
            (extra + "\n", "", "proof line 2"),
            ("extra ", "extra  ", "proof line 2"),
            ("extra ", "Extra ", "proof line 2"),
            (extra, String(extra.dropLast()), "proof line 2"),
            ("index 1", "index 01", "proof line 3"),
            ("index 1", "index +1", "proof line 3"),
            ("index 1", "index 1 ", "proof line 3"),
            ("index 1", "index", "proof line 3"),
            ("index 1", "index 99999999999999999999", "proof line 3"),
            ("index 1", "index 9223372036854775807", "index 9223372036854775807 is not below"),
            ("M2gr6uAsUFzOXddDIivWnHiv4WCKj9h/CG7U1Ie/eX0=", "M2gr6uAsUFzOXddDIivWnHiv4WCKj9h/CG7U1Ie/eX0", "proof line 4"),
            ("M2gr6uAsUFzOXddDIivWnHiv4WCKj9h/CG7U1Ie/eX0=", "M2gr6uAsUFzOXddDIivWnHiv4WCKj9h/CG7U1Ie/eX1=", "proof line 4"),
            ("M2gr6uAsUFzOXddDIivWnHiv4WCKj9h/CG7U1Ie/eX0=\n", "", "the hashes do not lead"),
            ("XgA=\n\n", "XgA=\n", "proof line 6: not the canonical base64"),
            ("XgA=\n\n", "XgA=\n\n\n", "checkpoint: "),
            ("XgA=\n\n", "XgA=\nM2gr6uAsUFzOXddDIivWnHiv4WCKj9h/CG7U1Ie/eX0=\n\n", "the hashes do not lead"),
        ]
        for (original, replacement, expected) in cases {
            let changed = text.replacing(original, with: replacement)
            #expect(changed != text)
            let error = refusal(changed)
            #expect(error?.description.contains(expected) == true, "\(replacement): \(String(describing: error))")
        }
        let path64 = text.replacing(
            "XgA=\n\n",
            with: "XgA=\n" + String(repeating: "+G84vLhKaKMYNTaoZclR84lwSzidY9F2sOANfqeVXgA=\n", count: 62) + "\n"
        )
        #expect(refusal(path64)?.description.contains("more than 63 hashes") == true)
    }

    @Test func consistencyProofFiles() throws {
        let tree = InMemoryMerkleTree(
            leafHashes: try WorkedExample.events.map { try $0.leafHash } + (4...20).map { MerkleTree.leafHash([UInt8($0)]) }
        )
        func checkpoint(_ size: Int64, origin: String = "kiosk/gate-1") throws -> Checkpoint {
            try Checkpoint(origin: origin, size: size, rootHash: MerkleTree.root(size: size, from: tree))
        }
        for new in Int64(0)...20 {
            for old in 0...new {
                let file = ConsistencyProofFile(hashes: try MerkleTree.consistencyProof(from: old, to: new, from: tree))
                #expect(file.text.isEmpty == (old == 0 || old == new))
                let parsed = try ConsistencyProofFile(parsing: file.text)
                #expect(parsed == file)
                try parsed.verify(from: checkpoint(old), to: checkpoint(new))
            }
        }
        let proof = try ConsistencyProofFile(hashes: MerkleTree.consistencyProof(from: 5, to: 9, from: tree))
        func refusal(_ proof: ConsistencyProofFile, _ old: Checkpoint, _ new: Checkpoint) -> String? {
            do {
                try proof.verify(from: old, to: new)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(refusal(proof, try checkpoint(5), try checkpoint(9, origin: "kiosk/gate-2"))?.contains("origins") == true)
        #expect(refusal(proof, try checkpoint(9), try checkpoint(5)) == "the old checkpoint's size 9 is above the new one's 5")
        let forked = try Checkpoint(origin: "kiosk/gate-1", size: 9, rootHash: MerkleTree.emptyRoot)
        #expect(refusal(ConsistencyProofFile(hashes: []), try checkpoint(9), forked) == "two different roots at tree size 9: the log forked")
        #expect(refusal(proof, try checkpoint(5), forked)?.contains("do not prove") == true)
        let notEmpty = try Checkpoint(origin: "kiosk/gate-1", size: 0, rootHash: try MerkleTree.root(size: 1, from: tree))
        #expect(refusal(ConsistencyProofFile(hashes: []), notEmpty, try checkpoint(4))?.contains("do not prove") == true)
        #expect(refusal(proof, try checkpoint(0), try checkpoint(9)) != nil)
        #expect(refusal(proof, try checkpoint(9), try checkpoint(9)) != nil)
    }

    @Test func consistencyProofTextIsStrict() {
        let line = "+G84vLhKaKMYNTaoZclR84lwSzidY9F2sOANfqeVXgA=\n"
        #expect(throws: Never.self) { try ConsistencyProofFile(parsing: "") }
        #expect(throws: Never.self) { try ConsistencyProofFile(parsing: String(repeating: line, count: 126)) }
        for text in [
            String(line.dropLast()), "\n", line + "\n", line.replacing("gA=", with: "gB="), " " + line, line + line.dropLast(),
            String(repeating: line, count: 127), line.replacing("\n", with: "\r\n"),
        ] {
            #expect(throws: ProofError.self) { try ConsistencyProofFile(parsing: text) }
        }
    }
}
