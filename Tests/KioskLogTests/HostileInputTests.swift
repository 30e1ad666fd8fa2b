import KioskLog
import Testing

/// Truncated, garbled and oversized input is refused with an error, never a crash.
@Suite struct HostileInputTests {
    private static let texts = [WorkedExample.proof1, WorkedExample.checkpoint3, WorkedExample.leaf1, WorkedExample.consistency2To3]

    /// Runs every parser and verifier on `text`; only errors may come out.
    private func exercise(_ text: String) throws {
        let kiosk = try NoteVerifier(vkey: WorkedExample.kioskVkey)
        let hub = try NoteVerifier(vkey: WorkedExample.hubVkey)
        _ = try? InclusionProofFile(parsing: text).verify(kioskKey: kiosk, witnessKeys: [hub])
        _ = try? SignedCheckpoint(parsing: text).verify(kioskKey: kiosk, witnessKeys: [hub])
        _ = try? SignedNote(parsing: text).verify(with: [kiosk, hub])
        _ = try? Checkpoint(text: text)
        _ = try? ConsistencyProofFile(parsing: text)
        _ = try? EventLeaf(bytes: Array(text.utf8))
        _ = try? NoteVerifier(vkey: text)
        _ = LogInstant.normalized(text)
    }

    @Test func everyTruncationIsRefused() throws {
        for text in Self.texts {
            let bytes = Array(text.utf8)
            for length in 0..<bytes.count {
                let truncated = String(decoding: bytes[..<length], as: UTF8.self)
                try exercise(truncated)
                #expect(throws: (any Error).self) {
                    try InclusionProofFile(parsing: truncated).verify(
                        kioskKey: NoteVerifier(vkey: WorkedExample.kioskVkey),
                        witnessKeys: [NoteVerifier(vkey: WorkedExample.hubVkey)]
                    )
                }
            }
        }
    }

    @Test func garbledTextNeverCrashes() throws {
        var generator = SplitMix64(seed: 2026)
        let alphabet = Array("\n\n\n —+=/0123456789abcXYZ\u{2014}\u{FEFF}\r\t\0é".unicodeScalars)
        for text in Self.texts {
            var scalars = Array(text.unicodeScalars)
            for _ in 0..<1_000 {
                let position = Int(generator.next() % UInt64(scalars.count))
                switch generator.next() % 3 {
                case 0: scalars[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: scalars.remove(at: position)
                default: scalars.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                }
                if scalars.isEmpty { scalars = Array(text.unicodeScalars) }
                var garbled = ""
                garbled.unicodeScalars.append(contentsOf: scalars)
                try exercise(garbled)
            }
        }
    }

    @Test func hugeNumbersAndLinesAreRefused() throws {
        let huge = String(repeating: "9", count: 10_000)
        for text in [
            "kiosk/gate-1\n\(huge)\nMqVL2RhTzkFXCajmF2P663kX68jhwbV8XZdIUFsWxkA=\n\n— kiosk/gate-1 AAAAAAAA\n",
            "kiosk/gate-1\n18446744073709551616\nMqVL2RhTzkFXCajmF2P663kX68jhwbV8XZdIUFsWxkA=\n\n— kiosk/gate-1 AAAAAAAA\n",
        ] {
            #expect(throws: NoteError.self) { try SignedCheckpoint(parsing: text) }
        }
        let proof = WorkedExample.proof1.replacing("index 1", with: "index \(huge)")
        #expect(throws: ProofError.self) { try InclusionProofFile(parsing: proof) }
        #expect(LogInstant.normalized("2026-01-01T00:00:00.\(huge)Z") == "2026-01-01T00:00:01.000Z")
        #expect(LogInstant.normalized("\(huge)-01-01T00:00:00Z") == nil)
        let lines = String(repeating: "garbage line\n", count: 50_000)
        try exercise(lines)
        try exercise(lines + "\n" + lines)
        try exercise(String(repeating: "\n", count: 100_000))
        try exercise("")
    }
}

/// A small deterministic generator, so a failure can be replayed.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
