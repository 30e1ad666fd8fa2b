#if PCSC
import Foundation
import KioskCore
import KioskReaders
import Logging
import Testing
import KioskTesting

/// Every test that needs pcscd: one pcscd per machine, so they run one at a time.
@Suite(.serialized, .enabled(if: PCSCFixture.shouldRun))
struct PCSCReaderTests {
    static let logger = Logger(label: "test.readers")

    /// Runs a PC/SC reader for `configuration` while `body` runs, collecting what it presents.
    func withReader(
        _ configuration: ReaderConfiguration,
        feedback: ReaderFeedback = .accepted,
        readsSun: Bool = false,
        _ body: (PresentationLog) async throws -> Void
    ) async throws {
        try PCSCFixture.require()
        try await VirtualCard.keepGap()
        let log = PresentationLog()
        let reader = try ReaderCatalog.reader(for: configuration, logger: Self.logger, readsSun: readsSun)
        let task = Task {
            await reader.run { presentation in
                await log.add(presentation)
                presentation.respond(feedback)
            }
        }
        defer { task.cancel() }
        try await body(log)
    }

    @Test(arguments: ["04A1B2C3", "04A1B2C3D4E5F6", "04A1B2C3D4E5F6071829"])
    func readsTheUIDOfEveryLength(uid: String) async throws {
        let entrance = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00", direction: .in)
        try await withReader(entrance) { log in
            let card = VirtualCard(uid: uid)
            try await card.tap(untilFeedback: true)
            let presentations = await log.wait(for: 1)
            #expect(presentations.map(\.uid.hex) == [uid])
            #expect(presentations.first?.device == "Kiosk Reader 00 00")
            #expect(presentations.first?.cardType == "MIFARE Classic 1K")
            #expect(presentations.first?.tagRead(checkedWith: nil).readerDirection == .in)
            #expect(card.feedbackAPDUs == ["FF0040A00401010101"])
        }
    }

    @Test func aCardHeldForSecondsIsOneRead() async throws {
        let reader = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00")
        try await withReader(reader) { log in
            try await VirtualCard(uid: "11223344").tap(hold: 3)
            // A second card after the first was removed (`tap` keeps the gap pcscd needs between cards): whatever
            // the reader made of the held card is in the log before it, so a repeated read would show between the two.
            try await VirtualCard(uid: "55667788").tap()
            #expect(await log.wait(for: 2).map(\.uid.hex) == ["11223344", "55667788"])
        }
    }

    @Test func quickRetapsAreSeparatePresentations() async throws {
        let reader = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "00 00")
        try await withReader(reader) { log in
            let card = VirtualCard(uid: "11223344")
            try await card.tap()
            try await card.tap()
            #expect(await log.wait(for: 2).count == 2)
        }
    }

    @Test func aReaderOnlyWatchesTheReadersItMatches() async throws {
        let exit = ReaderConfiguration(name: "exit", driver: .pcsc, match: "00 01", direction: .out)
        try await withReader(exit) { log in
            try await VirtualCard(uid: "11223344").tap(port: VirtualCard.firstReaderPort)
            try await VirtualCard(uid: "55667788").tap(port: VirtualCard.secondReaderPort)
            // A card on the watched reader after both: a read from the other reader would have arrived before it.
            try await VirtualCard(uid: "99AABBCC").tap(port: VirtualCard.secondReaderPort)
            let presentations = await log.wait(for: 2)
            #expect(presentations.map(\.uid.hex) == ["55667788", "99AABBCC"])
            #expect(presentations.map(\.device) == ["Kiosk Reader 00 01", "Kiosk Reader 00 01"])
        }
    }

    /// A reader that ignored cancellation would keep the test waiting until its time limit fails it.
    @Test(.timeLimit(.minutes(1))) func cancellingAWaitingReaderStopsIt() async throws {
        try PCSCFixture.require()
        let states = ReaderStateLog()
        let reader = try ReaderCatalog.reader(for: ReaderConfiguration(name: "entrance", driver: .pcsc), logger: Self.logger, states: states.states)
        let task = Task { await reader.run { _ in } }
        let watching = await states.wait(for: "entrance", after: 0) { $0.healthy && $0.description.hasPrefix("watching") }
        #expect(watching != nil, "the reader never watched its readers")
        task.cancel()
        await task.value
    }
}
#endif
