import Foundation
import KioskCore
import KioskDaemon
import KioskHub
import KioskHubDatabase
import KioskHubServer
import KioskJournal
import KioskTesting
import Logging
import Testing

/// Whatever the hub, day close or one reader does, the running kiosk keeps recording and only a graceful
/// shutdown ends it (`RunningRuntime` checks that it was still running at the end of each test).
@Suite struct RuntimeResilienceTests {
    /// A revoked token pauses sync without ending the runtime; a new token in the token file resumes it.
    @Test func aRevokedTokenPausesSyncUntilANewOneIsWritten() async throws {
        let hub = try HubStore.open(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString)").path)
        let first = try await hub.createToken(kioskID: "gate-1")
        try await Self.withHub(hub) { port in
            try await RunningRuntime.run(hubPort: port, token: first) { kiosk in
                try await kiosk.tap("04A1B2C3")
                try await RunningRuntime.waitUntil("the first tap at the hub") { try await hub.eventIDs().count == 1 }

                let tokenID = try #require(try await hub.tokens().first?.tokenID)
                #expect(try await hub.revokeToken(id: tokenID) == 1)
                try await kiosk.tap("11223344")
                try await RunningRuntime.waitUntil("the hub's refusal noted") {
                    try await kiosk.journal.syncStatus().lastErrorKind == .tokenRejected
                }
                try await kiosk.tap("04A1B2C3")
                #expect(try await kiosk.recorded() == 3)
                #expect(try await hub.eventIDs().count == 1)

                try RunningRuntime.write(token: try await hub.createToken(kioskID: "gate-1"), to: kiosk.tokenFile)
                try await RunningRuntime.waitUntil("every tap at the hub") { try await hub.eventIDs().count == 3 }
                try await RunningRuntime.waitUntil("the refusal cleared") { try await kiosk.journal.syncStatus().lastErrorKind == nil }
            }
        }
    }

    /// A kiosk whose token file is not there yet records taps, and syncs them once the file is written.
    @Test func aMissingTokenFileIsWaitedFor() async throws {
        let hub = try HubStore.open(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString)").path)
        try await Self.withHub(hub) { port in
            try await RunningRuntime.run(hubPort: port) { kiosk in
                try await kiosk.tap("04A1B2C3")
                try await RunningRuntime.waitUntil("the missing token noted") {
                    try await kiosk.journal.syncStatus().lastErrorKind == .tokenUnreadable
                }
                #expect(try await kiosk.recorded() == 1)
                try RunningRuntime.write(token: try await hub.createToken(kioskID: "gate-1"), to: kiosk.tokenFile)
                try await RunningRuntime.waitUntil("the tap at the hub") { try await hub.eventIDs().count == 1 }
            }
        }
    }

    /// Day close cannot write its reports: taps are recorded all the same.
    @Test func aFailingDayCloseLeavesTheGateRecording() async throws {
        try await RunningRuntime.run(reportsBlocked: true) { kiosk in
            try await kiosk.tap("04A1B2C3")
            try await kiosk.tap("11223344")
            #expect(try await kiosk.recorded() == 2)
        }
    }

    /// A live summary whose terminal cannot be written to (here /dev/full: every write fails, as on a terminal that
    /// went away): the display ends, taps are recorded all the same.
    @Test func aFailingDisplayLeavesTheGateRecording() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        try await RunningRuntime.run(display: .terminal(colors: false, output: full)) { kiosk in
            try await kiosk.tap("04A1B2C3")
            try await kiosk.tap("11223344")
            try await kiosk.tap("04A1B2C3")
            #expect(try await kiosk.recorded() == 3)
        }
    }

    /// A hub that is not there: taps are recorded and stay pending.
    @Test func anUnreachableHubLeavesTheGateRecording() async throws {
        // Port 1 on loopback: nothing listens there, connections are refused.
        try await RunningRuntime.run(hubPort: 1, token: "kh_unused") { kiosk in
            try await kiosk.tap("04A1B2C3")
            try await RunningRuntime.waitUntil("the failed push noted") {
                try await kiosk.journal.syncStatus().lastErrorKind == .hubUnavailable
            }
            try await kiosk.tap("11223344")
            #expect(try await kiosk.journal.syncCounts().pending == 2)
        }
    }

    /// A second reader whose device cannot be opened (libnfc on a serial port that does not exist) retries on
    /// its own; the other reader records.
    @Test func aReaderThatCannotOpenLeavesTheOthersRecording() async throws {
        let broken = ReaderConfiguration(name: "side-gate", driver: .libnfc, match: "pn532_uart:/nonexistent/ttyKiosk")
        try await RunningRuntime.run(readers: [broken]) { kiosk in
            try await kiosk.tap("04A1B2C3")
            try await kiosk.tap("11223344")
            #expect(try await kiosk.recorded() == 2)
        }
    }

    static func withHub(_ store: HubStore, _ body: @Sendable (Int) async throws -> Void) async throws {
        var logger = Logger(label: "hub")
        logger.logLevel = .critical
        let quiet = logger
        let makeHub = { (report: @escaping @Sendable (Int) async -> Void) in
            HubServer.application(store: store, configuration: HubConfiguration(port: 0), logger: quiet, onServerRunning: report)
        }
        try await withRunning(makeHub, body)
    }
}
