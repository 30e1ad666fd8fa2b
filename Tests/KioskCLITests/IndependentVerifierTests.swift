import Foundation
import GRDB
import KioskTesting
import Testing

@testable import kiosk

/// What the hub and the gate print of a log, checked by an independent verifier written from the C2SP texts and
/// LOG-FORMAT.md (`Tests/Verifier/tlog_verify.py`, Python with `cryptography`), not from the project's code: a
/// proof of an event, and a whole export against the cosigned checkpoint; anything altered is refused.
@Suite struct IndependentVerifierTests {
    static let verifier = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Verifier/tlog_verify.py").path

    /// Runs the verifier with `arguments`; its exit status and what it printed.
    func verify(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.verifier] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func proofsAndExportsOfTheHubAndTheGateVerifyIndependently() async throws {
        let hub = try HubSandbox()
        let (server, port, token) = try await hub.serve(tokenFor: "gate-1")
        let kiosk = try KioskSandbox().withRoster()
        try kiosk.connect(toHubOnPort: port, token: token)
        for (minute, uid) in ["04A1B2C3", "11223344", "DEADBEEF", "04A1B2C3"].enumerated() {
            #expect(try kiosk.kiosk("tap", "--uid", uid, "--at", "2026-11-21T08:0\(minute):00+05:30").status == 0)
        }
        #expect(try kiosk.kiosk("sync", "--once").status == 0)
        #expect(try await server.terminate() != nil)
        let kioskKey = try kiosk.kiosk("log", "key").stdout.trimmingCharacters(in: .newlines)
        let witnessKey = try #require(try hub.hub("log", "key").stdout.split(separator: "\n").first.map(String.init))
        let keys = ["--kiosk-vkey", kioskKey, "--witness-vkey", witnessKey]

        let gateExport = try kiosk.kiosk("log", "export").stdout
        let second = try #require(gateExport.split(separator: "\n").dropFirst().first.map(String.init))
        let eventID = try #require((try JSONSerialization.jsonObject(with: Data(second.utf8)) as? [String: Any])?["id"] as? String)
        let proof = try hub.hub("log", "proof", eventID)
        #expect(proof.status == 0, "\(proof.stderr)")
        let proofFile = try hub.write("gate-1-2.tlog-proof", proof.stdout)
        let eventFile = try hub.write("event.json", second)
        #expect(try verify(["proof", proofFile, "--event", eventFile] + keys) == (0, "ok\n"))
        let altered = try hub.write("altered.tlog-proof", proof.stdout.replacingOccurrences(of: "\nindex 1\n", with: "\nindex 2\n"))
        #expect(try verify(["proof", altered] + keys).status == 1)
        let anotherEvent = try hub.write("another.json", second.replacingOccurrences(of: "\"seq\":2", with: "\"seq\":3"))
        #expect(try verify(["proof", proofFile, "--event", anotherEvent] + keys).status == 1)
        #expect(try hub.hub("log", "proof", "0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e01").status == 66)

        let checkpoint = try hub.write("checkpoint.txt", try hub.hub("log", "checkpoint", "--kiosk", "gate-1").stdout)
        let hubExport = try hub.hub("log", "export", "--kiosk", "gate-1").stdout
        #expect(hubExport.split(separator: "\n").count == 4)
        #expect(try verify(["log", try hub.write("hub.jsonl", hubExport), checkpoint] + keys) == (0, "ok\n"))
        #expect(try verify(["log", try hub.write("gate.jsonl", gateExport), checkpoint] + keys) == (0, "ok\n"))
        #expect(try hub.hub("log", "verify").stdout == "gate-1: log verified: 4 events\naudit/default: log verified: 1 entry\n")

        // An event rewritten in the hub's database: the hub's own check and the independent one both find it.
        try await DatabaseQueue(path: hub.directory + "/hub.sqlite").write { db in
            try db.execute(sql: "UPDATE event SET student_id = 'S002' WHERE kiosk_id = 'gate-1' AND seq = 3")
        }
        let verified = try hub.hub("log", "verify", "--kiosk", "gate-1")
        #expect(verified.status == 65)
        #expect(verified.stdout.hasPrefix("gate-1: seq 3: "), "\(verified.stdout)")
        let edited = try hub.write("edited.jsonl", try hub.hub("log", "export", "--kiosk", "gate-1").stdout)
        #expect(try verify(["log", edited, checkpoint] + keys).status == 1)
    }
}
