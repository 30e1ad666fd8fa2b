import ArgumentParser
import Foundation
import KioskCore
import KioskGateLog
import KioskJournal
import KioskSync
import Logging

/// `kiosk sync`: push pending records to the hub now, honouring backoff.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push pending records to the hub now, in recording order, until none is pending.",
        discussion: """
            Exits 0 when none is pending (quarantined records may remain; it says so), 69 when the hub acknowledged \
            nothing for --timeout seconds (with --once: when it did not answer), 77 when it rejects the token.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Flag(help: "Make one pass without waiting.")
    var once = false

    @Option(help: ArgumentHelp("Give up when the hub acknowledged nothing for this long.", valueName: "seconds"))
    var timeout: Int = 60

    func validate() throws {
        guard timeout >= 0 else { throw ValidationError("--timeout must be 0 or more seconds, not \(timeout)") }
    }

    func run() async throws {
        let (configuration, journal) = try options.openJournal()
        guard let sync = configuration.sync else {
            throw KioskError(.configuration, "this kiosk is standalone (no [sync] section in its configuration); add [sync] hub_url to push to a hub")
        }
        let (token, warning) = try TokenFile.read(sync.tokenFile)
        if let warning { try? FileHandle.standardError.write(contentsOf: Data("kiosk: \(warning)\n".utf8)) }
        var logger = Logger(label: "kiosk.sync")
        logger.logLevel = .error
        var bounded = sync
        if timeout > 0 { bounded.connectTimeoutSeconds = min(sync.connectTimeoutSeconds, timeout) }
        let logKey = GateLogKey.signer(for: configuration) { try? FileHandle.standardError.write(contentsOf: Data("kiosk: \($0)\n".utf8)) }
        let engine = SyncEngine(
            journal: journal,
            client: try HubClient(configuration: bounded, token: token),
            configuration: sync,
            logKey: logKey,
            logger: logger
        )
        do {
            try await push(engine, journal: journal, sync: sync)
        } catch {
            await engine.shutdown()
            throw error
        }
        await engine.shutdown()
    }

    private func push(_ engine: SyncEngine, journal: Journal, sync: SyncConfiguration) async throws(KioskError) {
        var backoff = SyncBackoff(base: .seconds(sync.backoffBaseSeconds), cap: .seconds(sync.backoffCapSeconds))
        var lastProgress = ContinuousClock.now
        var delivered = 0
        let backlog = try await journal.syncCounts().pending
        let bar = SyncProgressBar(total: backlog, batchSize: sync.batchSize)
        while true {
            let before = delivered
            let report = try await engine.pushPending { bar.show(before + $0) }
            bar.finish()
            delivered += report.acknowledged
            if report.acknowledged > 0 {
                lastProgress = .now
                backoff.succeeded()
            }
            switch report.outcome {
            case .drained(let quarantined):
                let rest = quarantined == 0 ? "none pending" : "none pending; \(quarantined) quarantined (see kiosk status)"
                print("synced \(delivered) record\(delivered == 1 ? "" : "s"); \(rest)")
                return
            case .tokenRejected(let status):
                throw KioskError(.noPermission, "token rejected: the hub refused the token in \(sync.tokenFile) (HTTP \(status)); nothing was lost")
            case .unavailable(let reason, let retryAfter):
                let pending = try await journal.syncCounts().pending
                if once { throw KioskError(.unavailable, "\(reason); \(pending) records still pending") }
                let remaining = Duration.seconds(timeout) - (ContinuousClock.now - lastProgress)
                guard remaining > .zero else {
                    throw KioskError(
                        .unavailable,
                        "the hub acknowledged nothing for \(timeout) seconds (\(reason)); \(pending) records still pending"
                    )
                }
                let delay = min(backoff.failed(retryAfter: retryAfter), remaining)
                let now = WallClock.system.now()
                try await journal.recordSyncFailure(.hubUnavailable, reason, at: now, nextRetryAt: now.addingTimeInterval(delay.seconds))
                try? FileHandle.standardError.write(
                    contentsOf: Data("kiosk: \(reason); retrying in \(String(format: "%.1f", delay.seconds)) s\n".utf8)
                )
                try? await Task.sleep(for: delay)
            }
        }
    }
}
