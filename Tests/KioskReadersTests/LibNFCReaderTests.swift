#if LibNFC
import Foundation
import KioskCards
import KioskCore
import KioskDaemon
import KioskReaders
import Logging
import Testing

/// libnfc's real pn532_uart driver against an emulated PN532 on a pseudo-terminal.
@Suite(.serialized)
struct LibNFCReaderTests {
    /// Runs a reader named `gate` over a new emulated PN532, reporting its states to `states`.
    func withReader(
        states: ReaderStates? = nil,
        readsSun: Bool = false,
        _ body: (PN532Emulator, PresentationLog) async throws -> Void
    ) async throws {
        let emulator = try PN532Emulator()
        let configuration = ReaderConfiguration(name: "gate", driver: .libnfc, match: emulator.connstring, direction: .in)
        let reader = try ReaderCatalog.reader(for: configuration, logger: Logger(label: "test.libnfc"), states: states, readsSun: readsSun)
        let log = PresentationLog()
        let task = Task { await reader.run { await log.add($0) } }
        defer { task.cancel() }
        try await body(emulator, log)
    }

    @Test(arguments: ["04A1B2C3", "04A1B2C3D4E5F6"])
    func readsTheUID(uid: String) async throws {
        try await withReader { emulator, log in
            try await emulator.awaitPolling()
            let presented = try await emulator.present(uid, hold: 0.5)
            let presentations = await log.wait(for: 1)
            #expect(presentations.map(\.uid.hex) == [uid])
            #expect(presentations.first?.tagRead(checkedWith: nil).readerDirection == .in)
            if let arrived = await log.arrivals.first {
                print("libnfc: card presented -> read \(String(format: "%.1f", arrived.timeIntervalSince(presented) * 1000)) ms")
            }
        }
    }

    @Test func anNTAG424ShowsItsSUNThroughInDataExchange() async throws {
        let counterFile = FileManager.default.temporaryDirectory.appendingPathComponent("ntag424-counter-\(UUID().uuidString)")
        try "41".write(to: counterFile, atomically: true, encoding: .utf8)
        let card = (keys: String(repeating: "0", count: 32) + ":" + String(repeating: "0", count: 32), counterFile: counterFile)
        let keys = SunKeys(meta: [UInt8](repeating: 0, count: 16), file: [UInt8](repeating: 0, count: 16))
        try await withReader(readsSun: true) { emulator, log in
            try await emulator.awaitPolling()
            _ = try await emulator.present("04DE5F1EACC040", hold: 0.5, ntag424: card)
            #expect(await log.wait(for: 1).count == 1)
            try await emulator.awaitPolling()
            _ = try await emulator.present("04DE5F1EACC040", hold: 0.5, ntag424: card)
            try await emulator.awaitPolling()
            _ = try await emulator.present("04A1B2C3D4E5F6", hold: 0.5)
            let presentations = await log.wait(for: 3)
            let checks = presentations.map { SunCheck($0.sun, uid: $0.uid, keys: keys) }
            #expect(checks.prefix(2) == [.verified(counter: 42), .verified(counter: 43)])
            #expect(checks.last == .absent("not an ISO 14443-4 card (SAK 0)"))
        }
    }

    @Test func aReadIsRecordedThroughTheJournal() async throws {
        let emulator = try PN532Emulator()
        let fixture = try await CheckInFixture()
        let configuration = ReaderConfiguration(name: "gate", driver: .libnfc, match: emulator.connstring, direction: .in)
        let reader = try ReaderCatalog.reader(for: configuration, logger: Logger(label: "test.libnfc"))
        let task = Task { try await ReaderService(readers: [reader], recorder: fixture.recorder).run() }
        defer { task.cancel() }
        try await emulator.awaitPolling()
        let presented = try await emulator.present("04A1B2C3", hold: 0.5)
        let entries = await fixture.results.wait(for: 1)
        #expect(entries.map(\.outcome) == [.in])
        let committed = try #require(entries.first).committedAt
        print("libnfc: card presented -> journal commit \(String(format: "%.1f", committed.timeIntervalSince(presented) * 1000)) ms")
    }

    @Test func aCardHeldForSecondsIsOneReadAndARetapIsAnother() async throws {
        try await withReader { emulator, log in
            try await emulator.awaitPolling()
            _ = try await emulator.present("04A1B2C3D4E5F6", hold: 2.5)
            #expect(await log.wait(for: 1).count == 1)
            try await emulator.awaitPolling()
            #expect(await log.presentations.count == 1)
            _ = try await emulator.present("04A1B2C3D4E5F6", hold: 0.5)
            #expect(await log.wait(for: 2).count == 2)
        }
    }

    @Test func aReaderRecoversWhenItsDeviceDisappears() async throws {
        let states = ReaderStateLog()
        try await withReader(states: states.states) { emulator, log in
            try await emulator.awaitPolling()
            _ = try await emulator.present("04A1B2C3", hold: 0.5)
            #expect(await log.wait(for: 1).count == 1)
            let before = states.count(of: "gate")
            emulator.unplug()
            let lost = await states.wait(for: "gate", after: before) { !$0.healthy }
            try #require(lost != nil, "the reader never noticed that its device went away")
            let replugged = try PN532Emulator(link: emulator.link)
            try await replugged.awaitPolling()
            _ = try await replugged.present("04A1B2C3D4E5F6", hold: 0.5)
            #expect(await log.wait(for: 2).map(\.uid.hex) == ["04A1B2C3", "04A1B2C3D4E5F6"])
        }
    }

    /// A reader that ignored cancellation would keep the test waiting until its time limit fails it.
    @Test(.timeLimit(.minutes(1))) func cancellingAPollingReaderStopsIt() async throws {
        let emulator = try PN532Emulator()
        let configuration = ReaderConfiguration(name: "gate", driver: .libnfc, match: emulator.connstring)
        let reader = try ReaderCatalog.reader(for: configuration, logger: Logger(label: "test.libnfc"))
        let task = Task { await reader.run { _ in } }
        try await emulator.awaitPolling()
        task.cancel()
        await task.value
    }
}
#endif
