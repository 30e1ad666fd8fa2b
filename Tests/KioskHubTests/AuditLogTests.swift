import Foundation
import KioskCore
import KioskLog
import Logging
import ServiceLifecycle
import Testing

@testable import KioskHub
@testable import KioskHubStorage

/// The hub's own actions as a signed audit log per property, on the backend the run names: each change names its
/// actor and subject, seqs have no gap however many are made at once, checkpoints are signed by the hub's log key
/// over exactly the entries held, and an entry edited in the database is found.
@Suite struct AuditLogTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func everyChangeIsAnEntryNamingItsActorAndSubject() async throws {
        let hub = try await HubFixture()
        let warden = hub.store.acting(as: .user("asha"))
        let operatorCLI = hub.store.acting(as: .commandLine(unixUser: "root"))
        try await operatorCLI.createProperty(HubProperty(id: "pg-7", name: "Sunrise PG", policy: hub.store.defaultProperty.policy), now: now)
        _ = try await operatorCLI.createUser(name: "asha", role: .warden(property: "pg-7"), password: nil, now: now)
        _ = try await operatorCLI.setPassword(nil, forUser: "asha")
        _ = try await operatorCLI.importRoster(ConsoleFixture.roster, file: "roster.csv", replace: true, property: "pg-7")
        let newcomer = try RosterCSV.parse("student_id,name,room,tag_uid\nS004,Meera,104,04A1B2C6\n", file: "form")
        _ = try await warden.importRoster(newcomer, file: "form", replace: false, property: "pg-7", as: .studentAdd)
        try await warden.updateStudent(Student(id: "S004", name: "Meera K", room: "105", status: .active), property: "pg-7")
        _ = try await warden.revokeTag(try TagUID(parsing: "04A1B2C6"), property: "pg-7")
        let entry = try await warden.recordManualEntry(studentID: "S001", direction: .in, at: now, reason: "forgot card", property: "pg-7", now: now)
        let pass = try await warden.createPass(
            try LeavePassRequest(studentID: "S002", from: now, until: now.addingTimeInterval(3600), reason: "home"),
            property: "pg-7"
        )
        try await warden.cancelPass(id: pass.id, property: "pg-7")
        let token = try await operatorCLI.createToken(kioskID: "gate-1", property: "pg-7", now: now)
        _ = try await operatorCLI.revokeToken(id: String(HubStore.tokenHash(token).prefix(12)))
        try await operatorCLI.disableUser(named: "asha")

        let entries = try await hub.store.auditEntries(property: "pg-7")
        #expect(
            entries.map(\.action) == [
                "property.create", "user.create", "user.password", "roster.import", "student.add", "student.edit", "card.revoke",
                "manual.entry", "pass.create", "pass.cancel", "token.create", "token.revoke", "user.disable",
            ]
        )
        #expect(entries.map(\.seq) == Array(1...13))
        #expect(entries.allSatisfy { $0.property == "pg-7" && UUID(uuidString: $0.id) != nil && $0.id == $0.id.lowercased() })
        let actors = Dictionary(entries.map { ($0.action, $0.actor) }, uniquingKeysWith: { first, _ in first })
        #expect(actors["user.create"] == "cli:root" && actors["student.edit"] == "user:asha" && actors["manual.entry"] == "user:asha")
        let subjects = Dictionary(entries.map { ($0.action, $0.subject) }, uniquingKeysWith: { first, _ in first })
        #expect(subjects["student.add"] == "S004" && subjects["card.revoke"] == "S004" && subjects["pass.cancel"] == pass.id)
        #expect(subjects["user.disable"] == "asha" && subjects["token.create"] == subjects["token.revoke"])
        let manual = try #require(entries.first { $0.action == "manual.entry" })
        #expect(manual.subject == "S001" && manual.detail.contains(entry.id.rawValue), "a manual entry names its event")
        #expect(try await hub.store.auditEntries(property: "pg-7", since: entries[12].at).count >= 1)
        #expect(try await hub.store.auditEntries(property: "pg-7", since: now.addingTimeInterval(365 * 86_400)).isEmpty)
        #expect(try await hub.store.auditEntries(property: HubProperty.defaultID).isEmpty)
        await #expect(throws: KioskError.self) { try await hub.store.auditEntries(property: "pg-9") }

        // Every entry is a well-formed leaf: its JSON and its leaf bytes carry the same values.
        for entry in entries {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(entry.json.utf8)) as? [String: Any])
            #expect(Set(json.keys) == ["id", "property", "seq", "at", "actor", "action", "subject", "detail"])
            let bytes = String(decoding: try entry.leaf.bytes, as: UTF8.self)
            #expect(bytes.hasPrefix("kiosk-audit/v1\nid=\(entry.id)\nproperty=pg-7\nseq=\(entry.seq)\nat=\(json["at"] as? String ?? "")\n"))
        }
    }

    @Test func entriesMadeAtOnceTakeEverySeqOnce() async throws {
        let hub = try await HubFixture()
        let store = hub.store.acting(as: .user("asha"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask { try await store.audit(.studentEdit, property: HubProperty.defaultID, subject: "S\(index)") }
            }
            try await group.waitForAll()
        }
        let entries = try await hub.store.auditEntries(property: HubProperty.defaultID)
        #expect(entries.map(\.seq) == Array(1...30))
        #expect(Set(entries.map(\.subject)).count == 30)
    }

    @Test func checkpointsAreSignedByTheLogKeyOverTheEntriesHeldAndAnEditIsFound() async throws {
        let hub = try await HubFixture()
        let store = hub.store.acting(as: .user("asha"))
        let keys = try await HubLogKeys.load(logName: "hub.test", storage: store.storage)
        #expect(try await store.auditCheckpoint(property: HubProperty.defaultID, keys: keys, now: now) == nil)
        for index in 0..<3 { try await store.audit(.studentEdit, property: HubProperty.defaultID, subject: "S\(index)", detail: "line\none") }
        #expect(try await store.storage.auditLogsAhead() == [HubProperty.defaultID])

        let first = try #require(try await store.auditCheckpoint(property: HubProperty.defaultID, keys: keys, now: now))
        let signed = try SignedCheckpoint(parsing: first.text)
        try signed.verify(logKey: keys.log.verifier, witnessKeys: [])
        #expect(signed.checkpoint.origin == "hub.test/audit/default" && signed.checkpoint.size == 3 && first.size == 3)
        let entries = try await store.auditEntries(property: HubProperty.defaultID)
        #expect(entries.allSatisfy { $0.detail == "line one" })
        let recomputed = InMemoryMerkleTree(leafHashes: try entries.map { try $0.leaf.leafHash })
        #expect(try MerkleTree.root(size: 3, from: recomputed) == signed.checkpoint.rootHash)
        #expect(try await store.storage.auditLogsAhead().isEmpty)
        #expect(try await store.auditCheckpoint(property: HubProperty.defaultID, keys: keys, now: now) == first)

        // The hub's signing round covers what grows, and the larger checkpoint is consistent with the first.
        try await store.audit(.passCancel, property: HubProperty.defaultID, subject: "p-1")
        try await store.signGrownAuditLogs(keys: keys, now: now)
        let second = try #require(try await store.storage.auditCheckpoint(property: HubProperty.defaultID))
        let grown = try SignedCheckpoint(parsing: second.text)
        #expect(grown.checkpoint.size == 4)
        let tree = InMemoryMerkleTree(leafHashes: try await store.auditEntries(property: HubProperty.defaultID).map { try $0.leaf.leafHash })
        let proof = try MerkleTree.consistencyProof(from: 3, to: 4, from: tree)
        #expect(
            MerkleTree.verifyConsistency(
                oldSize: 3,
                newSize: 4,
                oldRoot: signed.checkpoint.rootHash,
                newRoot: grown.checkpoint.rootHash,
                proof: proof
            )
        )

        #expect(
            try await store.verifyLogs(property: nil, kiosk: nil, keys: keys) == [
                LogCheck(name: "audit/default", leaves: 4, removed: 0, problems: [])
            ]
        )
        _ = try await hub.sql("UPDATE audit_entry SET actor = 'system' WHERE seq = 2")
        let edited = try await store.verifyLogs(property: HubProperty.defaultID, kiosk: nil, keys: keys)
        #expect(edited.first?.problems.first?.hasPrefix("seq 2: the entry no longer matches") == true, "\(edited)")
        #expect(edited.first?.problems.contains { $0.contains("latest checkpoint of size 4") } == true, "\(edited)")
    }

    @Test func aServingHubSignsWhatGrowsWithoutBeingAsked() async throws {
        let hub = try await HubFixture()
        let keySource = HubLogKeySource(store: hub.store, logName: "hub.test")
        try await hub.store.audit(.userCreate, property: HubProperty.defaultID, subject: "asha")
        let service = AuditCheckpointService(store: hub.store, keys: keySource, interval: .milliseconds(20), logger: Logger(label: "audit-test"))
        let group = ServiceGroup(services: [service], logger: Logger(label: "audit-test"))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var signed: AuditCheckpoint?
            while signed == nil {
                signed = try await hub.store.storage.auditCheckpoint(property: HubProperty.defaultID)
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(signed?.size == 1)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}
