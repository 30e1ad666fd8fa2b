import Foundation
import KioskCore
import KioskDaemon
import KioskJournal
import KioskStore
import KioskTesting
import Logging
import Synchronization
import Testing

@Suite struct CheckpointServiceTests {
    @Test func aCommitIsFollowedByACheckpointOffTheTapPath() async throws {
        let scratch = try ScratchDirectory("checkpoints")
        let path = scratch.url.appendingPathComponent("journal.sqlite").path
        let journal = try await NumberedRoster.journal(at: path, kioskID: "gate-1", students: 20)
        // The service moves the writer's own checkpoint out when it starts; open that first, so the taps below
        // cannot be checkpointed by the writer.
        _ = try await StoreCheckpoints.open(for: journal.database)
        let rules = AttendanceRules(policy: AttendancePolicy(debounceSeconds: 0))
        let sizeBefore = try fileSize(path)
        for n in 0..<600 {
            _ = try await journal.record(
                TagRead(uid: try NumberedRoster.card(n % 20), reader: "entrance", readerDirection: .toggle, occurredAt: Date()),
                rules: rules
            )
        }
        #expect(try fileSize(path) == sizeBefore)
        let service = CheckpointService(database: journal.database, quiet: .milliseconds(1), logger: Logger(label: "test"))
        let running = Task { try await service.run() }
        defer { running.cancel() }
        service.commitRecorded()
        // Awaits the checkpoint: the database file grows once the log is copied into it.
        for _ in 0..<3_000 where try fileSize(path) == sizeBefore {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try fileSize(path) > sizeBefore)
    }

    @Test func aCheckpointConnectionThatCannotOpenEndsTheServiceWithAWarning() async throws {
        let scratch = try ScratchDirectory("checkpoints-gone")
        let directory = scratch.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let journal = try await NumberedRoster.journal(at: directory.appendingPathComponent("journal.sqlite").path, kioskID: "gate-1", students: 2)
        // The writer keeps its open file; a new connection to the same path cannot be made.
        try FileManager.default.removeItem(at: directory)
        let warnings = Warnings()
        let service = CheckpointService(database: journal.database, quiet: .milliseconds(1), logger: Logger(label: "test") { _ in warnings })
        try await service.run()
        #expect(warnings.messages.count == 1)
        #expect(warnings.messages.first?.contains("the journal checkpoints by itself instead") == true)
    }

    /// Keeps the warnings logged to it.
    private final class Warnings: LogHandler, Sendable {
        private let logged = Mutex<[String]>([])
        var messages: [String] { logged.withLock { $0 } }
        var metadata: Logger.Metadata {
            get { [:] }
            set {}
        }
        var logLevel: Logger.Level {
            get { .warning }
            set {}
        }
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { nil }
            set {}
        }
        func log(event: LogEvent) { logged.withLock { $0.append("\(event.message)") } }
    }

    private func fileSize(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }
}
