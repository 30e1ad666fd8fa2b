import Crypto
import Foundation
import KioskLog
import Testing

/// The signed-note rules of LOG-FORMAT.md section 4, "Checking signatures".
@Suite struct SignedNoteTests {
    private let kiosk: NoteVerifier
    private let hub: NoteVerifier
    private let signed: SignedCheckpoint

    init() throws {
        kiosk = try NoteVerifier(vkey: WorkedExample.kioskVkey)
        hub = try NoteVerifier(vkey: WorkedExample.hubVkey)
        signed = try SignedCheckpoint(parsing: WorkedExample.checkpoint3)
    }

    private var kioskLine: String { signed.note.signatures[0].line }
    private var hubLine: String { signed.note.signatures[1].line }
    private var body: String { signed.checkpoint.text + "\n" }

    /// The error checking `text` as a kiosk checkpoint cosigned by the hub throws, or nil when it verifies.
    private func refusal(_ text: String, kioskKey: NoteVerifier? = nil, witnessKeys: [NoteVerifier]? = nil) -> NoteError? {
        do {
            try SignedCheckpoint(parsing: text).verify(kioskKey: kioskKey ?? kiosk, witnessKeys: witnessKeys ?? [hub])
            return nil
        } catch {
            return error
        }
    }

    @Test func theExampleVerifies() {
        #expect(refusal(WorkedExample.checkpoint3) == nil)
        #expect(refusal(WorkedExample.checkpoint3, witnessKeys: []) == nil)
    }

    @Test func anAlteredCheckpointFails() throws {
        let altered = WorkedExample.checkpoint3.replacing(WorkedExample.root3Base64, with: WorkedExample.root2Base64)
        #expect(refusal(altered)?.description == "signed note line 5: the signature of key \"kiosk/gate-1\" does not verify")
        let grown = WorkedExample.checkpoint3.replacing("kiosk/gate-1\n3\n", with: "kiosk/gate-1\n4\n")
        #expect(refusal(grown) != nil)
        let extended = WorkedExample.checkpoint3.replacing("xkA=\n\n", with: "xkA=\nextension\n\n")
        #expect(try SignedCheckpoint(parsing: extended).checkpoint.extensionLines == ["extension"])
        #expect(refusal(extended) != nil)
    }

    @Test func aCosignatureCoversItsTime() {
        let hubSignature = signed.note.signatures[1]
        // The same signature with T one second later: the key ID and signature stay, the time changes.
        var bytes = [UInt8](repeating: 0, count: 4) + hubSignature.signature
        bytes[4 + 7] &+= 1
        let line = hubLine.split(separator: " ")[0...1].joined(separator: " ") + " " + base64(bytes, keyID: hubSignature.keyID)
        #expect(refusal(body + kioskLine + line)?.description.contains("hub.example/pg-7") == true)
    }

    @Test func aMissingSignatureFails() {
        #expect(refusal(body + kioskLine)?.description == "no signature line of key \"hub.example/pg-7\"")
        #expect(refusal(body + hubLine)?.description == "no signature line of key \"kiosk/gate-1\"")
        #expect(refusal(body + kioskLine, witnessKeys: []) == nil)
        #expect(throws: NoteError.self) { try SignedCheckpoint(parsing: body) }
    }

    @Test func everyLineOfAGivenKeyMustVerify() throws {
        let otherCheckpoint = try SignedCheckpoint(parsing: WorkedExample.checkpoint2)
        let staleKioskLine = otherCheckpoint.note.signatures[0].line
        #expect(refusal(body + kioskLine + staleKioskLine + hubLine)?.description.contains("line 6") == true)
        #expect(refusal(body + kioskLine + kioskLine + hubLine) == nil)
    }

    @Test func unknownKeysAreIgnored() throws {
        let stranger = try NoteSigner(name: "stranger.example/w", seed: WorkedExample.seed("stranger"))
        let strangerLine = try SignedCheckpoint(signed.checkpoint, signedBy: stranger).note.signatures[0].line
        #expect(refusal(body + kioskLine + strangerLine + hubLine) == nil)
        // Same name as the kiosk's key, another key ID: a rotated key's line, ignored.
        let rotated = try NoteSigner(name: "kiosk/gate-1", seed: WorkedExample.seed("rotated"))
        let rotatedLine = try SignedCheckpoint(signed.checkpoint, signedBy: rotated).note.signatures[0].line
        #expect(refusal(body + rotatedLine + kioskLine + hubLine) == nil)
        #expect(refusal(body + rotatedLine + hubLine)?.description == "no signature line of key \"kiosk/gate-1\"")
        // Same key ID under another name: not the kiosk's line either.
        let renamed = kioskLine.replacing("kiosk/gate-1", with: "kiosk/gate-2")
        #expect(refusal(body + renamed + hubLine)?.description == "no signature line of key \"kiosk/gate-1\"")
        // Garbage from an unknown key that is still a well-formed line.
        #expect(refusal(body + kioskLine + "— nobody AAAAAAAA\n" + hubLine) == nil)
    }

    @Test func atMost100SignatureLines() throws {
        let filler = "— nobody AAAAAAAA\n"
        let hundred = body + kioskLine + hubLine + String(repeating: filler, count: 98)
        #expect(refusal(hundred) == nil)
        #expect(refusal(hundred + filler)?.description == "signed note has 101 signature lines, more than 100")
        #expect(throws: NoteError.self) { try SignedNote(parsing: body + String(repeating: filler, count: 100_000)) }
    }

    @Test func base64MustBeCanonical() {
        // 68 bytes leave two unused bits in the last character before "=": "I" is canonical, "J" not.
        #expect(kioskLine.hasSuffix("keAI=\n"))
        let nonCanonical = kioskLine.replacing("keAI=", with: "keAJ=")
        #expect(refusal(body + nonCanonical + hubLine)?.description.contains("canonical base64") == true)
        let unpadded = kioskLine.replacing("keAI=", with: "keAI")
        #expect(refusal(body + unpadded + hubLine)?.description.contains("canonical base64") == true)
        let spaced = kioskLine.replacing("keAI=", with: "ke AI=")
        #expect(refusal(body + spaced + hubLine) != nil)
        #expect(refusal(body + "— nobody AAAA\n" + kioskLine + hubLine)?.description.contains("line 5") == true)
    }

    @Test func signatureLinesAreExact() {
        let cases = [
            kioskLine.replacing("— ", with: "-- "),
            kioskLine.replacing("— ", with: "—"),
            kioskLine.replacing("— ", with: "—  "),
            kioskLine.replacing("— ", with: "\u{2013} "),
            kioskLine.replacing("kiosk/gate-1 ", with: "kiosk/gate-1\u{A0}"),
            kioskLine.replacing("kiosk/gate-1 ", with: "kiosk/gate+1 "),
            kioskLine.replacing("kiosk/gate-1 ", with: " "),
            String(kioskLine.dropLast()) + "\r\n",
        ]
        for line in cases {
            #expect(refusal(body + line + hubLine) != nil, "\(line)")
        }
        #expect(refusal(body + kioskLine + String(hubLine.dropLast())) != nil)
        #expect(refusal(body + "\n" + kioskLine + hubLine) != nil)
        #expect(refusal("\u{FEFF}" + body + kioskLine + hubLine) != nil)
    }

    @Test func checkpointTextIsStrict() {
        let cases = [
            ("kiosk/gate-1\n3\n", "kiosk/gate-1\n03\n"),
            ("kiosk/gate-1\n3\n", "kiosk/gate-1\n+3\n"),
            ("kiosk/gate-1\n3\n", "kiosk/gate-1\n-3\n"),
            ("kiosk/gate-1\n3\n", "kiosk/gate-1\n9223372036854775808\n"),
            ("kiosk/gate-1\n3\n", "kiosk/gate-1\n3 \n"),
            ("kiosk/gate-1\n3\n", "\n3\n"),
            ("xkA=\n", "xkA\n"),
            ("xkA=\n", "xkA=\n\n"),
            ("MqVL2RhTzkFXCajmF2P663kX68jhwbV8XZdIUFsWxkA=\n", "MqVL2RhTzkFXCajmF2P663kX68jhwbV8XZdIUFsW\n"),
            ("kiosk/gate-1\n3\nMqVL2RhTzkFXCajmF2P663kX68jhwbV8XZdIUFsWxkA=\n", "kiosk/gate-1\n3\n"),
        ]
        for (original, replacement) in cases {
            let text = WorkedExample.checkpoint3.replacing(original, with: replacement)
            #expect(text != WorkedExample.checkpoint3)
            #expect(throws: NoteError.self, "\(replacement)") { try SignedCheckpoint(parsing: text) }
        }
        #expect(throws: NoteError.self) { try Checkpoint(origin: "", size: 0, rootHash: MerkleTree.emptyRoot) }
        #expect(throws: NoteError.self) { try Checkpoint(origin: "a\nb", size: 0, rootHash: MerkleTree.emptyRoot) }
        #expect(throws: NoteError.self) { try Checkpoint(origin: "a", size: -1, rootHash: MerkleTree.emptyRoot) }
        #expect(throws: NoteError.self) { try Checkpoint(origin: "a", size: 0, rootHash: MerkleTree.emptyRoot, extensionLines: [""]) }
        #expect(throws: Never.self) { try Checkpoint(text: "kiosk/x\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n") }
    }

    @Test func theKioskKeyIsNamedByTheOrigin() throws {
        let other = try NoteSigner(name: "kiosk/gate-2", seed: WorkedExample.seed(WorkedExample.kioskSeedLabel))
        let wrongName = try SignedCheckpoint(signed.checkpoint, signedBy: other)
        #expect(throws: NoteError.self) { try wrongName.verify(kioskKey: other.verifier, witnessKeys: []) }
        try wrongName.verify(logKey: other.verifier, witnessKeys: [])
        let hubLog = try NoteSigner(name: "kiosk-hub/log", seed: WorkedExample.seed("hub log"))
        let audit = try Checkpoint(origin: "kiosk-hub/audit/pg-7", size: 0, rootHash: MerkleTree.emptyRoot)
        let signedAudit = try SignedCheckpoint(audit, signedBy: hubLog)
        try signedAudit.verify(logKey: hubLog.verifier, witnessKeys: [])
        #expect(throws: NoteError.self) { try signedAudit.verify(kioskKey: hubLog.verifier, witnessKeys: []) }
        #expect(audit.kioskID == nil)
    }

    @Test func keyTypesAreNotInterchangeable() throws {
        let kioskAsCosigner = try NoteVerifier(name: kiosk.name, type: .cosignature, publicKey: kiosk.publicKey)
        #expect(kioskAsCosigner.keyID != kiosk.keyID)
        #expect(refusal(WorkedExample.checkpoint3, kioskKey: kioskAsCosigner)?.description.contains("type 0x01") == true)
        #expect(refusal(WorkedExample.checkpoint3, witnessKeys: [kiosk])?.description.contains("type 0x04") == true)
        let hubAsSigner = try NoteVerifier(name: hub.name, type: .ed25519, publicKey: hub.publicKey)
        #expect(refusal(WorkedExample.checkpoint3, witnessKeys: [hubAsSigner]) != nil)
        #expect(throws: NoteError.self) { try signed.note.verify(with: []) }
    }

    @Test func cosigningAddsOrReplacesTheHubLine() throws {
        let cosigner = try WorkedExample.hubCosigner()
        let kioskOnly = try SignedCheckpoint(parsing: body + kioskLine)
        let cosigned = try kioskOnly.cosigned(by: cosigner, time: WorkedExample.time3)
        #expect(cosigned.text == WorkedExample.checkpoint3)
        let recosigned = try cosigned.cosigned(by: cosigner, time: WorkedExample.time3 + 60)
        #expect(recosigned.note.signatures.count == 2)
        #expect(recosigned.note.signatures[0].line == kioskLine)
        #expect(recosigned.note.signatures[1].line != hubLine)
        #expect(refusal(recosigned.text) == nil)
        #expect(throws: NoteError.self) { try kioskOnly.cosigned(by: cosigner, time: -1) }
        let atZero = try kioskOnly.cosigned(by: cosigner, time: 0)
        let atMax = try kioskOnly.cosigned(by: cosigner, time: .max)
        #expect(refusal(atZero.text) == nil)
        #expect(refusal(atMax.text) == nil)
    }

    @Test func aCosignatureTimeAbove2To63IsRefused() throws {
        // A signature that is valid over its message, made here with the hub's key for T = 2^63.
        let time: UInt64 = 1 << 63
        let message = Array("cosignature/v1\ntime \(time)\n\(signed.checkpoint.text)".utf8)
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: WorkedExample.seed(WorkedExample.hubSeedLabel))
        let timeBytes = (0..<8).map { UInt8(truncatingIfNeeded: time >> (56 - 8 * $0)) }
        let bytes = [0, 0, 0, 0] + timeBytes + Array(try key.signature(for: message))
        #expect(key.publicKey.isValidSignature(bytes.suffix(64), for: message))
        let line = "— hub.example/pg-7 " + base64(bytes, keyID: hub.keyID)
        #expect(refusal(body + kioskLine + line)?.description.contains("does not verify") == true)
    }

    @Test func verifierKeys() throws {
        let cases = [
            "kiosk/gate-1+A5A22696+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/",
            "kiosk/gate-1+a5a22697+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/",
            "kiosk/gate-2+a5a22696+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/",
            "kiosk/gate-1+a5a2269+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/",
            "kiosk/gate-1+a5a22696+AnqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/",
            "kiosk/gate-1+a5a22696+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+",
            "kiosk/gate-1+a5a22696+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe",
            "kiosk/gate-1+a5a22696",
            "kiosk gate+a5a22696+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/",
            "+a5a22696+AXqfZcdG9fTXfthcUhEdrXeuvTpo+LnkYlzRa+5KXe+/",
            "",
        ]
        for vkey in cases {
            #expect(throws: NoteError.self, "\(vkey)") { try NoteVerifier(vkey: vkey) }
        }
        #expect(throws: NoteError.self) { try NoteSigner(name: "kiosk/gate-1", seed: [1, 2, 3]) }
        #expect(throws: NoteError.self) { try NoteSigner(name: "two words", seed: WorkedExample.seed("x")) }
        #expect(throws: NoteError.self) { try Cosigner(name: "a+b", seed: WorkedExample.seed("x")) }
        let generated = try Cosigner(generatingKeyNamed: "hub.example/new")
        let loaded = try Cosigner(name: "hub.example/new", seed: generated.seed)
        #expect(loaded.verifier == generated.verifier)
        #expect(try NoteVerifier(vkey: generated.verifier.vkey) == generated.verifier)
        #expect(generated.verifier.vkey.hasPrefix("hub.example/new+"))
        #expect(try NoteSigner(generatingKeyNamed: "kiosk/g").seed != NoteSigner(generatingKeyNamed: "kiosk/g").seed)
    }

    /// `— ` is not part of it: the base64 of the key ID and `bytes` after the first four, with an LF.
    private func base64(_ bytes: [UInt8], keyID: UInt32) -> String {
        var bytes = bytes
        for index in 0..<4 { bytes[index] = UInt8(truncatingIfNeeded: keyID >> (24 - 8 * index)) }
        return Data(bytes).base64EncodedString() + "\n"
    }
}
