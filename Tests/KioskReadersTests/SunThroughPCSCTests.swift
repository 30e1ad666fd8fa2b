#if PCSC
import Foundation
import KioskCards
import KioskCore
import KioskReaders
import KioskTesting
import Testing

/// NTAG 424 DNA cards through the real pcscd: the Type 4 Tag read of their SUN, verified with the keys the virtual
/// card (Tests/Fixtures/ntag424.py) computes its SUN with.
extension PCSCReaderTests {
    static let sunKeys = "00000000000000000000000000000000:00000000000000000000000000000000"
    static let zeroKeys = SunKeys(meta: [UInt8](repeating: 0, count: 16), file: [UInt8](repeating: 0, count: 16))

    /// A file for a virtual NTAG 424's read counter, starting at `counter`.
    static func counterFile(startingAt counter: Int = 0) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ntag424-counter-\(UUID().uuidString)")
        try "\(counter)".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func anNTAG424ShowsAGenuineSUNWithAnIncreasingCounter() async throws {
        let reader = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00")
        let card = VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: try Self.counterFile(startingAt: 60)))
        try await withReader(reader, readsSun: true) { log in
            try await card.tap()
            try await card.tap()
            let presentations = await log.wait(for: 2)
            let checks = presentations.map { SunCheck($0.sun, uid: $0.uid, keys: Self.zeroKeys) }
            #expect(checks == [.verified(counter: 61), .verified(counter: 62)])
        }
        #expect(
            card.receivedAPDUs.filter { !$0.hasPrefix("FF") }.prefix(6) == [
                "00A4040007D276000085010100", "00A4000C02E103", "00B000000F", "00A4000C02E104", "00B0000002", "00B0000253",
            ]
        )
    }

    @Test func aUIDOnlyCloneShowsNoSUN() async throws {
        let reader = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00")
        try await withReader(reader, readsSun: true) { log in
            try await VirtualCard(uid: "04DE5F1EACC040").tap()
            let presentation = try #require(await log.wait(for: 1).first)
            #expect(presentation.sun == .absent(SunAbsence("SELECT of the NDEF application: status 6A 82")))
        }
    }

    @Test func aReplayedOrChangedSUNIsNotGenuine() async throws {
        let reader = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00")
        let recorded = "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086"
        try await withReader(reader, readsSun: true) { log in
            try await VirtualCard(uid: "04DE5F1EACC040", kind: .recorded(uri: recorded)).tap()
            try await VirtualCard(uid: "04DE5F1EACC040", kind: .recorded(uri: recorded.replacingOccurrences(of: "7086", with: "7087"))).tap()
            try await VirtualCard(uid: "04DE5F1EACC041", kind: .recorded(uri: recorded)).tap()
            let checks = await log.wait(for: 3).map { SunCheck($0.sun, uid: $0.uid, keys: Self.zeroKeys) }
            #expect(checks.count == 3)
            // A replay carries a valid MAC: only the counter, known at the decision, tells it apart.
            #expect(checks.first == .verified(counter: 61))
            #expect(checks.dropFirst().first == .forged("the MAC does not match"))
            #expect(checks.last == .forged("the SUN is of tag 04DE5F1EACC040, not of the card read"))
        }
    }

    @Test func aCardTakenAwayDuringTheReadIsInterrupted() async throws {
        let reader = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00")
        let card = VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: try Self.counterFile()), removeAfter: 4)
        try await withReader(reader, readsSun: true) { log in
            try await card.tap(hold: 3)
            let presentation = try #require(await log.wait(for: 1).first)
            guard case .interrupted = presentation.sun else {
                Issue.record("a card taken away during the read gave \(String(describing: presentation.sun))")
                return
            }
        }
    }
}
#endif

#if PCSC
extension PCSCReaderTests {
    /// A kiosk.conf whose `[cards]` names an owner-only keys file of the virtual NTAG 424's (all-zero) keys.
    func sunKioskConfig(extraReaders: String = "", roster: String? = nil, requireSun: Bool = false) async throws -> String {
        let config = if let roster { try await kioskConfig(roster: roster) } else { try await kioskConfig() }
        let keys = try Self.sunKeysFile(in: URL(fileURLWithPath: config).deletingLastPathComponent())
        let cards = "\n[cards]\nsun_keys_file = \"\(keys)\"\nrequire_sun = \(requireSun)\n"
        let text = try String(contentsOfFile: config, encoding: .utf8) + cards + extraReaders
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        return config
    }

    /// An owner-only keys file of the virtual NTAG 424's (all-zero) keys in `directory`: its path.
    static func sunKeysFile(in directory: URL) throws -> String {
        let keys = directory.appendingPathComponent("sun-keys").path
        try "meta = 00000000000000000000000000000000\nfile = 00000000000000000000000000000000\n".write(
            toFile: keys,
            atomically: true,
            encoding: .utf8
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keys)
        return keys
    }

    @Test func readersWatchSaysWhatEachCardsSUNProves() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await sunKioskConfig()
        let watch = try KioskServiceProcess(["readers", "watch", "--config", config])
        let card = VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: try Self.counterFile(startingAt: 6)))
        try await card.tap()
        _ = try await watch.line(containing: "UID 04DE5F1EACC040  card with ATR 3B 81 80 01 80 80  (entrance)  SUN: verified, read counter 7")
        try await VirtualCard(uid: "04DE5F1EACC040").tap()
        _ = try await watch.line(containing: "(entrance)  SUN: none (SELECT of the NDEF application: status 6A 82)")
        #expect(try await watch.terminate() != nil)
    }

    /// `kiosk run` with keys: a genuine card goes on as a tap with its counter and secures its tag; a recorded SUN
    /// shown again and a UID-only clone of the tag are refused on the screen, on the reader and in the log line, and
    /// the day's report lists them.
    @Test func kioskRunRefusesACloneAndAReplayOfASecuredCard() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await sunKioskConfig(roster: "student_id,name,room,tag_uid\nS001,Asha Verma,101,04DE5F1EACC040\n")
        let kiosk = try KioskServiceProcess(KioskServiceProcess.executable, ["run", "--config", config], keepingStandardError: true, clock: .shared)
        _ = try await kiosk.line(containing: "watching Kiosk Reader 00 00")
        let genuine = VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: try Self.counterFile(startingAt: 60)))
        try await genuine.tap(untilFeedback: true)
        _ = try await kiosk.line(containing: "entrance: IN S001 Asha Verma")
        #expect(genuine.feedbackAPDUs == ["FF0040A00401010101"])

        // Counter 61, as the genuine card showed it a moment ago.
        let recorded = "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086"
        let replay = VirtualCard(uid: "04DE5F1EACC040", kind: .recorded(uri: recorded))
        try await replay.tap(untilFeedback: true)
        _ = try await kiosk.line(containing: "entrance: REFUSED 04DE5F1EACC040: card could not be verified, see the warden")
        #expect(replay.feedbackAPDUs == ["FF004050040A010101"])
        let clone = VirtualCard(uid: "04DE5F1EACC040")
        try await clone.tap(untilFeedback: true)
        _ = try await kiosk.line(containing: "tap.refusal=not_verified")
        #expect(clone.feedbackAPDUs == ["FF004050040A010101"])
        let changed = VirtualCard(uid: "04DE5F1EACC040", kind: .recorded(uri: recorded.replacingOccurrences(of: "7086", with: "7087")))
        try await changed.tap(untilFeedback: true)
        _ = try await kiosk.line(containing: "tap.refusal=forged")
        #expect(try await kiosk.terminate() != nil)
        let refusals = kiosk.output.filter { $0.contains("REFUSED") }
        #expect(refusals.count == 3)
        #expect(refusals.first?.contains("tap.refusal=replayed") == true, "\(refusals)")

        let report = try KioskServiceProcess(["report", "--format", "json", "--config", config])
        #expect(try await report.exitStatus() == 0)
        let text = report.output.joined(separator: "\n")
        #expect(text.contains("\"taps\": 1"))
        #expect(text.contains("\"reason\": \"replayed\""))
        #expect(text.contains("\"reason\": \"not_verified\""))
        #expect(text.contains("\"reason\": \"forged\""))
    }

    /// `kiosk run` with keys: a secured card taken away in the middle of its SUN read, so that the read tried again
    /// within the presentation breaks off too, is refused as `not_verified`; the card's next full read verifies and goes
    /// on (within the debounce window of the first tap, as ignored).
    @Test func kioskRunRefusesASecuredCardTakenAwayDuringItsRead() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await sunKioskConfig(roster: "student_id,name,room,tag_uid\nS001,Asha Verma,101,04DE5F1EACC040\n")
        let kiosk = try KioskServiceProcess(KioskServiceProcess.executable, ["run", "--config", config], keepingStandardError: true, clock: .shared)
        _ = try await kiosk.line(containing: "watching Kiosk Reader 00 00")
        let counter = try Self.counterFile(startingAt: 20)
        try await VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: counter)).tap(untilFeedback: true)
        _ = try await kiosk.line(containing: "entrance: IN S001 Asha Verma")

        try await VirtualCard.keepGap()
        let leaving = VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: counter), removeAfter: 4)
        try await leaving.tap(hold: 3)
        _ = try await kiosk.line(containing: "tap.refusal=not_verified")

        try await VirtualCard.keepGap()
        try await VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: counter)).tap(untilFeedback: true)
        _ = try await kiosk.line(containingAny: ["entrance: IGNORED S001 Asha Verma", "entrance: OUT S001 Asha Verma"])
        #expect(try await kiosk.terminate() != nil)
        let refusals = kiosk.output.filter { $0.contains("REFUSED") }
        #expect(refusals.count == 1 && refusals[0].contains("entrance: REFUSED 04DE5F1EACC040"), "\(refusals)")
    }

    /// With `require_sun`, a plain card of a student on the roster is refused; a genuine NTAG 424 goes on.
    @Test func requireSunRefusesAPlainCard() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await sunKioskConfig(
            roster: "student_id,name,room,tag_uid\nS001,Asha Verma,101,04DE5F1EACC040\nS002,Bilal Khan,102,04B2C3D4\n",
            requireSun: true
        )
        let kiosk = try KioskServiceProcess(KioskServiceProcess.executable, ["run", "--config", config], keepingStandardError: true, clock: .shared)
        _ = try await kiosk.line(containing: "watching Kiosk Reader 00 00")
        try await VirtualCard(uid: "04B2C3D4").tap()
        _ = try await kiosk.line(containing: "entrance: REFUSED 04B2C3D4: card could not be verified, see the warden")
        try await VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: try Self.counterFile(startingAt: 3))).tap()
        _ = try await kiosk.line(containing: "entrance: IN S001 Asha Verma")
        #expect(try await kiosk.terminate() != nil)
        #expect(kiosk.output.filter { $0.contains("REFUSED") }.allSatisfy { $0.contains("tap.refusal=not_verified") })
    }

    /// `kiosk enroll` of an NTAG 424 whose SUN verifies stores the tag as secured: a read typed in for it (`kiosk tap`,
    /// as a keyboard wedge gives it) is refused from then on. A card whose SUN the keys do not make is not enrolled.
    @Test func enrollingAGenuineNTAG424SecuresItsTag() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await sunKioskConfig(roster: "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3D4E5F6\n")
        let forged = "https://tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337087"
        let refused = try KioskServiceProcess(
            KioskServiceProcess.executable,
            ["enroll", "--student", "S001", "--timeout", "10", "--config", config],
            keepingStandardError: true
        )
        _ = try await refused.line(containing: "tap the card")
        try await VirtualCard(uid: "04DE5F1EACC040", kind: .recorded(uri: forged)).tap()
        _ = try await refused.line(containing: "shows a SUN the configured keys do not make (the MAC does not match)")
        #expect(try await refused.exitStatus() == 65)

        let enroll = try KioskServiceProcess(["enroll", "--student", "S001", "--timeout", "10", "--config", config])
        _ = try await enroll.line(containing: "tap the card")
        let card = VirtualCard(uid: "04DE5F1EACC040", kind: .ntag424(keys: Self.sunKeys, counterFile: try Self.counterFile(startingAt: 9)))
        try await card.tap(untilFeedback: true)
        _ = try await enroll.line(containing: "enrolled 04DE5F1EACC040 for student S001")
        _ = try await enroll.line(containing: "its SUN verified (read counter 10): the tag is secured")
        #expect(try await enroll.exitStatus() == 0)
        #expect(card.feedbackAPDUs == ["FF0040A00401010101"])

        let typed = try KioskServiceProcess(["tap", "--uid", "04DE5F1EACC040", "--config", config])
        _ = try await typed.line(containing: "REFUSED 04DE5F1EACC040: card could not be verified, see the warden")
        #expect(try await typed.exitStatus() == 0)
        let other = try KioskServiceProcess(["tap", "--uid", "04A1B2C3D4E5F6", "--config", config])
        _ = try await other.line(containing: "S001 Asha Verma")
        #expect(try await other.exitStatus() == 0, "the student's unsecured card goes on by its UID")
    }

    @Test func doctorChecksTheKeysAndNamesAKeyboardReaderThatCannotReadSUN() async throws {
        try PCSCFixture.require()
        let config = try await sunKioskConfig(extraReaders: "\n[[readers]]\nname = \"wedge\"\ndriver = \"keyboard\"\n")
        let doctor = try KioskServiceProcess(["doctor", "--config", config])
        _ = try await doctor.line(containing: "ok       cards: SUN keys in ")
        _ = try await doctor.line(containing: "PROBLEM  reader wedge: a keyboard-wedge reader cannot read a card's SUN")
        #expect(try await doctor.exitStatus() == 1)
        let keys = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("sun-keys").path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keys)
        let readable = try KioskServiceProcess(["doctor", "--config", config])
        _ = try await readable.line(containing: "PROBLEM  cards: [cards] sun_keys_file \(keys): the keys are readable by group or others (mode 644)")
        #expect(try await readable.exitStatus() == 1)
        let watch = try KioskServiceProcess(["readers", "watch", "--config", config])
        #expect(try await watch.exitStatus() == 78)
    }
}
#endif
