import Foundation
import KioskReaders
import Testing

/// The real pcscd with two vpcd virtual readers that scripts/test.sh starts. Tests that need it are skipped
/// when it is not reachable, unless KIOSK_REQUIRE_FIXTURES=1 (CI), when they fail instead.
enum PCSCFixture {
    static let readers = ["Kiosk Reader 00 00", "Kiosk Reader 00 01"]

    static var required: Bool { ProcessInfo.processInfo.environment["KIOSK_REQUIRE_FIXTURES"] == "1" }

    static var available: Bool {
        #if PCSC
        let names = (try? PCSCDirectory.readerNames()) ?? []
        return readers.allSatisfy(names.contains)
        #else
        return false
        #endif
    }

    /// Whether the suite runs: always when fixtures are required, so that their absence fails.
    static var shouldRun: Bool { required || available }

    /// Whether the test may stop and restart pcscd: only the one scripts/test.sh started (or when CI requires it).
    static var canRestart: Bool { required || ProcessInfo.processInfo.environment["KIOSK_PCSCD_CONFIG"] != nil }

    /// Fails the test when pcscd and its virtual readers are not there.
    static func require() throws {
        guard available else {
            throw FixtureMissing(
                "pcscd with the virtual readers \(readers) is not reachable: run the tests with scripts/test.sh (as root)"
            )
        }
    }

    /// Stops pcscd, runs `whileStopped`, and starts pcscd again with the same readers, as scripts/test.sh did.
    static func restartPCSCD(whileStopped: () async throws -> Void) async throws {
        guard let config = ProcessInfo.processInfo.environment["KIOSK_PCSCD_CONFIG"] else {
            throw FixtureMissing("KIOSK_PCSCD_CONFIG is not set: scripts/test.sh sets it to the running pcscd's configuration")
        }
        // libpcsclite writes to pcscd's socket: a write after pcscd stopped raises SIGPIPE, which ends a process that
        // has not ignored it. The kiosk ignores it first thing (ProcessSignals.prepare); so does this test process.
        signal(SIGPIPE, SIG_IGN)
        try await script("stop", config)
        do {
            try await whileStopped()
        } catch {
            try await script("start", config)
            throw error
        }
        try await script("start", config)
    }

    private static func script(_ action: String, _ config: String) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/pcscd-fixture.sh").path, action, config]
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else { throw FixtureMissing("scripts/pcscd-fixture.sh \(action) failed (\(status))") }
    }
}

struct FixtureMissing: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
