import Foundation
import KioskCore
import KioskReaders
import Logging
import Synchronization

/// The readers a command runs: the configured ones, or for the installer's tools with none configured, every
/// PC/SC reader.
struct ReaderSelection {
    let readers: [any TagReader]

    /// With `readsSun`, each card is asked for its SUN after its UID.
    init(_ configuration: KioskConfiguration, defaultToEveryPCSCReader: Bool, readsSun: Bool = false) throws(KioskError) {
        var entries = configuration.readers
        if entries.isEmpty, defaultToEveryPCSCReader {
            entries = [ReaderConfiguration(name: "pcsc", driver: .pcsc)]
        }
        guard !entries.isEmpty else {
            throw KioskError(.configuration, "no readers configured: add a [[readers]] section to the configuration (see kiosk.conf)")
        }
        readers = try ReaderCatalog.readers(for: entries, logger: KioskLog.logger, readsSun: readsSun)
    }

    /// Fails with exit 69 when no configured PC/SC reader can be reached now, so a tool that waits for a tap
    /// does not wait for nothing.
    func requireAReader() throws(KioskError) {
        #if PCSC
        let pcsc = readers.map(\.configuration).filter { $0.driver == .pcsc }
        guard !pcsc.isEmpty else { return }
        let names = try PCSCDirectory.readerNames()
        guard names.contains(where: { name in pcsc.contains { $0.matchesPCSCReader(named: name) } })
        else {
            throw KioskError(
                .unavailable,
                "no reader found: pcscd lists \(names.isEmpty ? "no readers" : names.joined(separator: ", ")) (try `kiosk doctor`)"
            )
        }
        #endif
    }
}

/// The command line's logger: swift-log to standard error, unless the command set logging up first
/// (`kiosk run` logs beside its live summary).
enum KioskLog {
    static let logger: Logger = {
        bootstrapOnce(StreamLogHandler.standardError)
        return Logger(label: "kiosk")
    }()

    private static let bootstrapped = Mutex(false)

    /// Sets the process's log handler; only the first call counts (swift-log allows one bootstrap).
    static func bootstrapOnce(_ factory: @escaping @Sendable (String) -> any LogHandler) {
        let first = bootstrapped.withLock { done in
            defer { done = true }
            return !done
        }
        if first { LoggingSystem.bootstrap(factory) }
    }
}

/// Writes one line to standard output at once (no buffering: scripts and tests read it live).
func printLine(_ line: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
}
