import Foundation
import GRDB
import KioskCore
import KioskGateLog
import KioskJournal
import KioskLog
import KioskTesting
import KioskWire
import Testing

/// The gate's signed log over a real journal file: the stored tree, checkpoints, `log verify` finding hand edits,
/// and the export recomputing to the signed root.
@Suite struct GateLogTests {
    /// A journal of `taps` reads of a small roster, recorded as a gate records them.
    struct Gate {
        let scratch: ScratchDirectory
        let journal: Journal
        var path: String { scratch.path + "/journal.sqlite" }

        init(taps: Int) async throws {
            scratch = try ScratchDirectory("gate-log")
            journal = try Journal.open(path: scratch.path + "/journal.sqlite", kioskID: "gate-1")
            let csv = "student_id,name,room,tag_uid,status\nS001,Asha Verma,101,04A1B2C3,active\nS002,राहुल शर्मा,102,11223344,\n"
            _ = try await journal.importRoster(try RosterCSV.parse(csv, file: "roster.csv"), file: "roster.csv", replace: false)
            let rules = AttendanceRules(policy: AttendancePolicy(timeZone: TimeZone(identifier: "Asia/Kolkata")!, debounceSeconds: 0))
            let start = try Timestamp.parse("2026-11-21T08:00:00+05:30")
            for index in 0..<taps {
                let uid = ["04A1B2C3", "11223344", "DEADBEEF"][index % 3]
                let read = TagRead(
                    uid: try TagUID(parsing: uid),
                    reader: "entrance",
                    readerDirection: .toggle,
                    occurredAt: start + Double(index * 60)
                )
                _ = try await journal.record(read, rules: rules)
            }
        }

        /// Runs `statement` on the journal file behind the kiosk's back, as someone with a SQLite shell would.
        func edit(_ statement: String) throws {
            try DatabaseQueue(path: path).write { db in try db.execute(sql: statement) }
        }

        /// Edits seq 22 and writes its new leaf hash into the stored tree's first tile, as someone covering their tracks
        /// would.
        func editSeq22WithItsStoredLeaf() async throws {
            try edit("UPDATE event SET reader = 'exit' WHERE seq = 22 AND kiosk_id = 'gate-1'")
            let edited = try #require(try await journal.ownEvents(fromSeq: 22, limit: 1).first)
            let leaf = try EventLeaf(edited).leafHash
            try await DatabaseQueue(path: path).write { db in
                var hashes = try #require(try Data.fetchOne(db, sql: "SELECT hashes FROM log_tile WHERE level = 0 AND idx = 0"))
                hashes.replaceSubrange(21 * 32..<22 * 32, with: leaf.bytes)
                try db.execute(sql: "UPDATE log_tile SET hashes = ? WHERE level = 0 AND idx = 0", arguments: [hashes])
            }
        }
    }

    /// The root of `events`' leaves computed from nothing but LOG-FORMAT.md's leaf bytes.
    static func root(of events: [WireEvent]) throws -> MerkleHash {
        try MerkleTree.root(size: Int64(events.count), from: InMemoryMerkleTree(leafHashes: events.map { try EventLeaf($0).leafHash }))
    }

    /// A sync pass hands each batch it read to the log: events continuing the tree are appended, others left to
    /// `extend()`, which then finds the tree already there.
    @Test func aBatchContinuingTheTreeIsAppendedFromTheEventsAlreadyRead() async throws {
        let gate = try await Gate(taps: 30)
        let log = GateLog(journal: gate.journal)
        let events = try await gate.journal.ownEvents(fromSeq: 1, limit: 100)
        try await log.extend(with: Array(events[10..<20]))
        #expect(try await gate.journal.logSize() == 0)
        try await log.extend(with: Array(events[0..<10]))
        try await log.extend(with: Array(events[10..<20]))
        #expect(try await gate.journal.logSize() == 20)
        try await log.extend(with: [events[20], events[22], events[21]])
        #expect(try await gate.journal.logSize() == 21)
        #expect(try await log.extend() == 30)
        #expect(try await gate.journal.logRoot(size: 30) == Self.root(of: events.map(WireEvent.init)))
        let verification = try await GateLogVerification.verify(gate.journal)
        #expect(verification.problems.isEmpty)
    }

    @Test func theStoredTreeHoldsEveryOwnEventAndGrowsInTransactionsOfItsOwn() async throws {
        let gate = try await Gate(taps: 2_500)
        let log = GateLog(journal: gate.journal)
        #expect(try await log.extend() == 2_500)
        #expect(try await log.extend() == 2_500)
        let events = try await gate.journal.ownEvents(fromSeq: 1, limit: 3_000).map(WireEvent.init)
        #expect(try await gate.journal.logRoot(size: 2_500) == Self.root(of: events))
        #expect(try await gate.journal.logRoot(size: 1_234) == Self.root(of: Array(events.prefix(1_234))))
        // A stale appender (another process appended first) stores nothing.
        #expect(try await gate.journal.appendToLog([MerkleTree.emptyRoot], atSize: 7) == false)
        #expect(try await gate.journal.logSize() == 2_500)
    }

    @Test func aSignedCheckpointVerifiesWithTheKiosksVkeyAndIsKept() async throws {
        let gate = try await Gate(taps: 5)
        let key = try GateLogKey.loadOrCreate(dataDirectory: gate.scratch.path, kioskID: "gate-1")
        let signed = try await GateLog(journal: gate.journal).signCheckpoint(with: key.signer)
        #expect(signed.checkpoint.size == 5 && signed.checkpoint.origin == "kiosk/gate-1")
        let verifier = try NoteVerifier(vkey: key.signer.verifier.vkey)
        try signed.verify(kioskKey: verifier, witnessKeys: [])
        let kept = try await gate.journal.keptCheckpoints()
        #expect(kept == [KeptCheckpoint(kind: .signed, size: 5, note: signed.text, vkey: verifier.vkey)])
        #expect(try await GateLogVerification.verify(gate.journal).problems == [])
    }

    @Test func anEventEditedByHandIsNamedByItsSeq() async throws {
        let gate = try await Gate(taps: 40)
        let key = try GateLogKey.loadOrCreate(dataDirectory: gate.scratch.path, kioskID: "gate-1")
        _ = try await GateLog(journal: gate.journal).signCheckpoint(with: key.signer)
        try gate.edit("UPDATE event SET occurred_at = occurred_at + 60000 WHERE seq = 17 AND kiosk_id = 'gate-1'")
        let problems = try await GateLogVerification.verify(gate.journal).problems
        #expect(problems.first?.hasPrefix("seq 17:") == true, "\(problems)")
        #expect(problems.contains { $0.contains("checkpoint of size 40") })
    }

    @Test func anEventEditedWithItsStoredLeafIsStillFound() async throws {
        let gate = try await Gate(taps: 300)
        _ = try await GateLog(journal: gate.journal).extend()
        try await gate.editSeq22WithItsStoredLeaf()
        let problems = try await GateLogVerification.verify(gate.journal).problems
        // The stored node above the first 256 leaves (the tile of level 8) names the first of them.
        #expect(problems.first?.hasPrefix("seq 1:") == true, "\(problems)")
    }

    /// Among the last leaves, fewer than 256, no stored node stands above an event edited with its leaf hash: the
    /// checkpoint that covers it finds it.
    @Test func anEventEditedWithItsStoredLeafAmongTheLastLeavesIsFoundByTheCheckpoint() async throws {
        let gate = try await Gate(taps: 40)
        let key = try GateLogKey.loadOrCreate(dataDirectory: gate.scratch.path, kioskID: "gate-1")
        _ = try await GateLog(journal: gate.journal).signCheckpoint(with: key.signer)
        try await gate.editSeq22WithItsStoredLeaf()
        let problems = try await GateLogVerification.verify(gate.journal).problems
        #expect(problems.contains { $0.contains("checkpoint of size 40") }, "\(problems)")
    }

    @Test func aRemovedEventIsMissing() async throws {
        let gate = try await Gate(taps: 10)
        _ = try await GateLog(journal: gate.journal).extend()
        try gate.edit("DELETE FROM event WHERE seq = 6 AND kiosk_id = 'gate-1'")
        let problems = try await GateLogVerification.verify(gate.journal).problems
        #expect(problems.contains("seq 6: missing from the journal (the next event is seq 7)"), "\(problems)")
    }

    @Test func theExportRecomputesToTheSignedRoot() async throws {
        let gate = try await Gate(taps: 30)
        let key = try GateLogKey.loadOrCreate(dataDirectory: gate.scratch.path, kioskID: "gate-1")
        let signed = try await GateLog(journal: gate.journal).signCheckpoint(with: key.signer)
        var lines: [String] = []
        try await GateLogExport.lines(of: gate.journal) { lines.append($0) }
        #expect(lines.count == 30)
        let events = try lines.map { try JSONDecoder().decode(WireEvent.self, from: Data($0.utf8)) }
        #expect(events.map(\.seq) == Array(1...30))
        #expect(try Self.root(of: events) == signed.checkpoint.rootHash)
    }

    @Test func theKeyFileIsOwnerOnlyInGosSignerFormatAndReadBack() async throws {
        let scratch = try ScratchDirectory("gate-log-key")
        let made = try GateLogKey.loadOrCreate(dataDirectory: scratch.path, kioskID: "gate-1")
        #expect(made.replaced == nil)
        let path = scratch.path + "/log.key"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("PRIVATE+KEY+kiosk/gate-1+") && text.hasSuffix("\n"))
        let again = try GateLogKey.loadOrCreate(dataDirectory: scratch.path, kioskID: "gate-1")
        #expect(again.signer.verifier == made.signer.verifier && again.replaced == nil)
    }

    @Test func aDamagedOrForeignKeyFileIsSetAsideAndANewKeyMade() async throws {
        let scratch = try ScratchDirectory("gate-log-key")
        let path = scratch.path + "/log.key"
        try "PRIVATE+KEY+kiosk/gate-1+00000000+AAAA\n".write(toFile: path, atomically: true, encoding: .utf8)
        let damaged = try GateLogKey.loadOrCreate(dataDirectory: scratch.path, kioskID: "gate-1", now: Date(timeIntervalSince1970: 1_000))
        #expect(damaged.replaced?.contains("no Ed25519 signer key") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".replaced-1000"))
        let foreign = try GateLogKey.loadOrCreate(dataDirectory: scratch.path, kioskID: "gate-2", now: Date(timeIntervalSince1970: 2_000))
        #expect(foreign.replaced?.contains("holds the key of 'kiosk/gate-1'") == true, "\(foreign.replaced ?? "")")
        #expect(foreign.signer.name == "kiosk/gate-2" && foreign.signer.verifier != damaged.signer.verifier)
    }
}
