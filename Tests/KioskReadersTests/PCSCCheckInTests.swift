#if PCSC
import Foundation
import KioskCore
import KioskDaemon
import KioskReaders
import Testing
import KioskTesting

extension PCSCReaderTests {
    /// Runs the check-in service over an entrance (`in`, reader 00 00) and an exit (`out`, reader 00 01), which
    /// report their states to `states`.
    func withCheckIn(states: ReaderStates? = nil, _ body: (CheckInFixture) async throws -> Void) async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let fixture = try await CheckInFixture()
        let entrance = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00", direction: .in)
        let exit = ReaderConfiguration(name: "exit", driver: .pcsc, match: "00 01", direction: .out)
        let readers: [any TagReader] = [
            try ReaderCatalog.reader(for: entrance, logger: Self.logger, states: states),
            try ReaderCatalog.reader(for: exit, logger: Self.logger, states: states),
        ]
        let service = ReaderService(readers: readers, recorder: fixture.recorder)
        let task = Task { try await service.run() }
        defer { task.cancel() }
        try await body(fixture)
    }

    @Test func twoReadersRecordTheirOwnDirections() async throws {
        try await withCheckIn { fixture in
            let asha = VirtualCard(uid: "04A1B2C3")
            let ravi = VirtualCard(uid: "04A1B2C3D4E5F6")
            try await asha.tap(port: VirtualCard.secondReaderPort, untilFeedback: true)
            try await ravi.tap(port: VirtualCard.firstReaderPort, untilFeedback: true)
            let entries = await fixture.results.wait(for: 2)
            #expect(entries.map(\.presentation.reader.name) == ["exit", "entrance"])
            #expect(entries.map(\.outcome) == [.out, .in])
            #expect(asha.feedbackAPDUs == ["FF0040A00401010101"])
            #expect(ravi.feedbackAPDUs == ["FF0040A00401010101"])
        }
    }

    @Test func aQuickRetapIsRecordedAsIgnoredAndSignalledDifferently() async throws {
        try await withCheckIn { fixture in
            let card = VirtualCard(uid: "04A1B2C3D4E5F6071829")
            try await card.tap(port: VirtualCard.secondReaderPort, untilFeedback: true)
            try await card.tap(port: VirtualCard.secondReaderPort, untilFeedback: true)
            let entries = await fixture.results.wait(for: 2)
            #expect(entries.map(\.outcome) == [.out, .ignored])
            #expect(card.feedbackAPDUs == ["FF0040A00401010101", "FF0040F00401010201"])
        }
    }

    @Test func anUnknownCardIsRecordedAsUnknown() async throws {
        try await withCheckIn { fixture in
            let card = VirtualCard(uid: "DEADBEEF")
            let presented = try await card.tap(untilFeedback: true)
            let entries = await fixture.results.wait(for: 1)
            #expect(entries.map(\.outcome) == [.unknown])
            #expect(card.feedbackAPDUs == ["FF0040F00401010201"])
            let latency = try #require(entries.first).committedAt.timeIntervalSince(presented)
            print("pcsc: card presented -> journal commit \(Int(latency * 1000)) ms")
        }
    }

    @Test(.enabled(if: PCSCFixture.canRestart)) func aReaderRecoversWhenPcscdRestarts() async throws {
        let log = ReaderStateLog()
        try await withCheckIn(states: log.states) { fixture in
            try await VirtualCard(uid: "04A1B2C3").tap()
            #expect(await fixture.results.wait(for: 1).count == 1)
            let before = log.count(of: "exit")
            var failed: Int?
            try await PCSCFixture.restartPCSCD {
                failed = await log.wait(for: "exit", after: before) { !$0.healthy }
            }
            let lost = try #require(failed, "the exit reader never noticed that pcscd stopped")
            // The reader reopens with backoff; a card presented and gone before it watches again is not seen.
            let back = await log.wait(for: "exit", after: lost + 1) { $0.healthy && $0.description == "watching Kiosk Reader 00 01" }
            try #require(back != nil, "the exit reader did not watch its reader again after pcscd restarted")
            try await VirtualCard(uid: "04A1B2C3D4E5F6").tap(port: VirtualCard.secondReaderPort)
            let entries = await fixture.results.wait(for: 2, timeout: 12)
            #expect(entries.map(\.presentation.uid.hex) == ["04A1B2C3", "04A1B2C3D4E5F6"])
        }
    }
}
#endif
