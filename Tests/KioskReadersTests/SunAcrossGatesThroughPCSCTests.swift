#if PCSC
import Foundation
import KioskTesting
import Testing

/// CONTRACT.md "Cards that cannot be cloned", across the gates of a property: two real `kiosk run`s on the two readers
/// of the real pcscd, syncing with the real `kiosk-hub serve`, which delivers its alerts to a webhook on loopback.
extension PCSCReaderTests {
    static let sharedCardRoster = "student_id,name,room,tag_uid\nS001,Asha Verma,101,04DE5F1EACC040\n"

    /// A gate `kioskID` reading SUN on the pcscd reader whose name ends in `match`, syncing to `hub` with `token`.
    static func sunGate(_ kioskID: String, match: String, hub: HubProcess, token: String, in root: URL) async throws -> KioskDirectory {
        let directory = root.appendingPathComponent(kioskID)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tokenFile = directory.appendingPathComponent("token").path
        try token.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile)
        return try await KioskDirectory(
            at: directory,
            kioskID: kioskID,
            sections: """
                [attendance]
                debounce_seconds = 0

                [[readers]]
                name = "entrance"
                driver = "pcsc"
                match = "\(match)"

                [sync]
                hub_url = "\(hub.url)"
                token_file = "\(tokenFile)"

                [cards]
                sun_keys_file = "\(try sunKeysFile(in: directory))"

                """,
            roster: nil,
            clock: .shared
        )
    }

    /// A genuine read secures the tag at gate-1; after one sync gate-2 refuses a UID-only clone of it and accepts the
    /// genuine card's next read (IN, after the OUT at gate-1: the state travels too), and the hub, holding the card
    /// accepted at both gates seconds apart, raises `card_shared`.
    @Test func aTagSecuredAtOneGateRefusesItsCloneAtAnotherAndTwoGatesShareNoCard() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sun-gates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let secret = root.appendingPathComponent("hook-secret").path
        try "s3cret\n".write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret)
        let receiver = AlertReceiver(secret: "s3cret", failures: 0)
        try await withRunning(receiver.application) { hookPort in
            let hubConfig = root.appendingPathComponent("hub.conf")
            try """
            [alerts]
            travel_seconds = 30
            \(AlertReceiver.channel(port: hookPort, secretFile: secret, events: ["card_shared"]))
            """.write(to: hubConfig, atomically: true, encoding: .utf8)
            let commands = HubCommands(dataDirectory: root.appendingPathComponent("hub").path, configFile: hubConfig.path, clock: .shared)
            let roster = root.appendingPathComponent("roster.csv")
            try Self.sharedCardRoster.write(to: roster, atomically: true, encoding: .utf8)
            try await commands.importRoster(roster.path)
            let tokens = (try await commands.createToken(kioskID: "gate-1"), try await commands.createToken(kioskID: "gate-2"))
            let hub = try await commands.serve()
            let gate1 = try await Self.sunGate("gate-1", match: "00 00", hub: hub, token: tokens.0, in: root)
            let gate2 = try await Self.sunGate("gate-2", match: "00 01", hub: hub, token: tokens.1, in: root)
            let card = VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: try Self.counterFile(startingAt: 60)))
            /// One sync pass of `gate`: the roster and the other gate's events pulled, its own events pushed.
            func sync(_ gate: KioskDirectory) async throws {
                let sync = try KioskServiceProcess(["sync", "--once", "--config", gate.config])
                #expect(try await sync.exitStatus() == 0, "\(sync.output.joined(separator: "\n"))")
            }
            /// `kiosk run` of `gate`, once it watches `reader`.
            func run(_ gate: KioskDirectory, watching reader: String) async throws -> KioskServiceProcess {
                let kiosk = try KioskServiceProcess(
                    KioskServiceProcess.executable,
                    ["run", "--config", gate.config],
                    keepingStandardError: true,
                    clock: .shared
                )
                _ = try await kiosk.line(containing: "watching \(reader)")
                return kiosk
            }
            try await sync(gate1)
            try await sync(gate2)

            let first = try await run(gate1, watching: "Kiosk Reader 00 00")
            try await card.tap(port: VirtualCard.firstReaderPort, untilFeedback: true)
            _ = try await first.line(containing: "entrance: OUT S001 Asha Verma")
            #expect(try await first.terminate() != nil)
            try await sync(gate1)
            try await sync(gate2)

            let second = try await run(gate2, watching: "Kiosk Reader 00 01")
            let clone = VirtualCard(uid: "04DE5F1EACC040")
            try await clone.tap(port: VirtualCard.secondReaderPort, untilFeedback: true)
            let refused = try await second.line(containing: "entrance: REFUSED 04DE5F1EACC040")
            #expect(second.output.contains { $0.contains("tap.refusal=not_verified") }, "\(second.output.suffix(5))")
            #expect(clone.feedbackAPDUs == ["FF004050040A010101"])
            try await VirtualCard.keepGap()
            try await card.tap(port: VirtualCard.secondReaderPort, untilFeedback: true)
            let accepted = try await second.line(containing: "entrance: IN S001 Asha Verma")
            #expect(accepted > refused)

            _ = try await hub.process.line(containing: "alert delivered", timeout: 60)
            let bodies = receiver.tally.bodies.values.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            #expect(bodies.count == 1)
            let shared = try #require(bodies.first)
            #expect(shared["event"] as? String == "card_shared")
            #expect(shared["uid"] as? String == "04DE5F1EACC040" && shared["kiosk"] as? String == "gate-2", "\(shared)")
            #expect((shared["reason"] as? String)?.hasPrefix("accepted at gate-1 and gate-2") == true, "\(shared)")
            #expect(try await second.terminate() != nil)
            #expect(try await hub.process.terminate() != nil)
        }
    }
}
#endif
