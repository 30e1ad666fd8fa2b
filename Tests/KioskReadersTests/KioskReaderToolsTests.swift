#if PCSC
import Foundation
import Testing
import KioskTesting

extension PCSCReaderTests {
    @Test func readersListShowsWhichConfiguredReaderClaimsEachReader() async throws {
        try PCSCFixture.require()
        let config = try await kioskConfig()
        let list = try KioskServiceProcess(["readers", "list", "--config", config])
        _ = try await list.line(containing: "Kiosk Reader 00 00  -> entrance (in)")
        _ = try await list.line(containing: "Kiosk Reader 00 01  -> not used by any configured reader")
        #expect(try await list.exitStatus() == 0)
    }

    @Test func readersWatchPrintsReaderUIDAndCardType() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await kioskConfig()
        let watch = try KioskServiceProcess(["readers", "watch", "--config", config])
        let card = VirtualCard(uid: "04A1B2C3")
        try await card.tap()
        _ = try await watch.line(containing: "Kiosk Reader 00 00  UID 04A1B2C3  MIFARE Classic 1K  (entrance)")
        #expect(try await watch.terminate() != nil)
        #expect(card.feedbackAPDUs.isEmpty)
    }

    @Test func enrollWithoutUIDBindsTheNextCardAndRefusesAnotherStudentsCard() async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let config = try await kioskConfig()
        let roster = FileManager.default.temporaryDirectory.appendingPathComponent("roster-\(UUID().uuidString).csv").path
        try "student_id,name,room,tag_uid\nS002,Ravi Kumar,102,99887766\n".write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(try await KioskServiceProcess(["roster", "import", roster, "--config", config]).exitStatus() == 0)

        let enroll = try KioskServiceProcess(["enroll", "--student", "S002", "--timeout", "10", "--config", config])
        _ = try await enroll.line(containing: "tap the card")
        let card = VirtualCard(uid: "11223344")
        try await card.tap(untilFeedback: true)
        _ = try await enroll.line(containing: "enrolled 11223344 for student S002")
        #expect(try await enroll.exitStatus() == 0)
        #expect(card.feedbackAPDUs == ["FF0040A00401010101"])

        let refused = try KioskServiceProcess(["enroll", "--student", "S002", "--timeout", "10", "--config", config])
        _ = try await refused.line(containing: "tap the card")
        try await VirtualCard(uid: "04A1B2C3D4E5F6").tap()
        #expect(try await refused.exitStatus() == 65)
    }

    @Test func doctorFindsPcscdAndTheReadersAndNamesAReaderThatMatchesNothing() async throws {
        try PCSCFixture.require()
        let config = try await kioskConfig()
        let doctor = try KioskServiceProcess(["doctor", "--config", config])
        _ = try await doctor.line(containing: "ok       pcscd: reachable; readers: Kiosk Reader 00 00, Kiosk Reader 00 01")
        _ = try await doctor.line(containing: "ok       reader entrance: uses Kiosk Reader 00 00")
        let text = try String(contentsOfFile: config, encoding: .utf8).replacingOccurrences(of: "match = \"00 00\"", with: "match = \"ACR122\"")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let missing = try KioskServiceProcess(["doctor", "--config", config])
        _ = try await missing.line(containing: "PROBLEM  reader entrance: no PC/SC reader found whose name contains \"ACR122\"")
        #expect(try await missing.exitStatus() == 1)
        try (text + "\n[[readers]]\nname = \"usb\"\ndriver = \"libnfc\"\nmatch = \"acr122_usb:001:004\"\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let competing = try KioskServiceProcess(["doctor", "--config", config])
        _ = try await competing.line(containing: "PROBLEM  libnfc: reader usb uses a libnfc USB driver while pcscd runs")
        #expect(try await competing.exitStatus() == 1)
    }

    @Test func enrollWithoutACardTimesOutWithExit69() async throws {
        try PCSCFixture.require()
        let config = try await kioskConfig()
        let enroll = try KioskServiceProcess(["enroll", "--student", "S001", "--timeout", "1", "--config", config])
        #expect(try await enroll.exitStatus() == 69)
    }
}
#endif
