public import Foundation
public import KioskCore
import KioskGateLog
public import KioskJournal
public import KioskLog
public import KioskWire
public import Logging
public import ServiceLifecycle

/// The kiosk's sync service: pushes pending events to the hub in batches, one in flight, oldest first; after a
/// transient failure it waits by `SyncBackoff` and tries again, forever. A rejected (or missing) token pauses
/// pushing, losing nothing, until the token file holds another token, which it reads again every few seconds.
/// It runs until graceful shutdown whatever the hub does. `wake()` (called when a tap is recorded) starts a pass
/// at once instead of at the next idle poll.
public final class SyncEngine: Service, Sendable {
    private let journal: Journal
    private let client: HubClient
    private let batchSize: Int
    private let clock: WallClock
    private let logger: Logger
    private let idlePoll: Duration
    private let initialBackoff: SyncBackoff
    private let tokenFile: String
    private let tokenRecheck: Duration
    private let wakeSignal = WakeSignal()
    /// The key that signs a checkpoint of the gate's log after each pass that sent events, if the kiosk has one.
    private let logKey: NoteSigner?
    /// Events pushed before the queue drained that count as a backlog, whose freed memory is returned to the system;
    /// a pass of a steady day pushes a handful.
    static let backlogEvents = 100
    /// Events pushed one pass at a time after which the freed memory goes back all the same: a few days of a gate.
    static let steadyEvents = 1_000

    /// An engine pushing `journal` to `client`, which it owns and shuts down when `run()` returns. While the
    /// client has no token or the hub rejects it, `configuration.tokenFile` is read again every `tokenRecheck`.
    public init(
        journal: Journal,
        client: HubClient,
        configuration: SyncConfiguration,
        backoff: SyncBackoff? = nil,
        idlePoll: Duration = .seconds(30),
        tokenRecheck: Duration = .seconds(2),
        clock: WallClock = .system,
        logKey: NoteSigner? = nil,
        logger: Logger
    ) {
        self.logKey = logKey
        self.tokenFile = configuration.tokenFile
        self.tokenRecheck = tokenRecheck
        self.journal = journal
        self.client = client
        self.batchSize = configuration.batchSize
        self.initialBackoff =
            backoff ?? SyncBackoff(base: .seconds(configuration.backoffBaseSeconds), cap: .seconds(configuration.backoffCapSeconds))
        self.idlePoll = idlePoll
        self.clock = clock
        self.logger = logger
    }

    /// Asks for a pass now, e.g. because a tap was just recorded.
    public func wake() {
        wakeSignal.signal()
    }

    /// One pass: pull the roster and other gates' events, then push the pending events; its success or failure
    /// is remembered in the journal for `kiosk status`. `progress` is told the events acknowledged so far.
    public func pushPending(progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws(KioskError) -> SyncPassReport {
        let pull = HubPull(journal: journal, client: client, pageSize: min(batchSize, WirePaths.maximumPageEvents), clock: clock, logger: logger)
        var pass = SyncPass(
            journal: journal,
            log: logKey == nil ? nil : GateLog(journal: journal),
            client: client,
            batchSize: batchSize,
            clock: clock,
            logger: logger,
            progress: progress
        )
        let report =
            if let stop = try await pull.run() { SyncPassReport(outcome: stop, acknowledged: 0, quarantined: 0) } else { try await pass.run() }
        if report.acknowledged > 0 || report.outcome.isDrained { try await journal.recordSyncSuccess(at: clock.now()) }
        if case .tokenRejected(let status) = report.outcome {
            try await journal.recordSyncFailure(.tokenRejected, "token rejected (HTTP \(status))", at: clock.now(), nextRetryAt: nil)
        }
        await signCheckpoint(sentEvents: report.acknowledged + report.quarantined > 0, drained: report.outcome.isDrained)
        await correctClock()
        return report
    }

    /// Corrects the gate's reads made with an unsynchronised clock from this pass's measurement of its clock against
    /// the hub's (CONTRACT.md "Time of a read"), and sends the hub the corrections it does not hold yet. A failure is
    /// logged and tried again at the next pass.
    private func correctClock() async {
        do {
            if let measurement = client.takeClockMeasurement() {
                let corrected = try await journal.correctReads(with: measurement)
                if corrected > 0 {
                    logger.info(
                        "reads corrected from the hub's clock",
                        metadata: ["clock.offset_ms": "\(Int((measurement.offset * 1000).rounded()))", "clock.corrected": "\(corrected)"]
                    )
                }
            }
            while true {
                let pending = try await journal.pendingCorrections(limit: CorrectionBatch.maximumCorrections)
                guard !pending.isEmpty else { return }
                let batch = CorrectionBatch(kioskId: journal.kioskID, corrections: pending.map(WireCorrection.init))
                guard let held = await client.postCorrections(batch), !held.isEmpty else { return }
                try await journal.markCorrectionsSynced(held)
                if pending.count < CorrectionBatch.maximumCorrections { return }
            }
        } catch {
            logger.warning("cannot correct the reads' times: \(error.message)")
        }
    }

    /// Signs a checkpoint of the gate's log up to its first pending event and posts it to the hub, keeping what the
    /// hub answers: the checkpoint cosigned, or its refusal (`kiosk status` shows it). After a pass that sent events,
    /// always; after one that found nothing to send, when the hub has not witnessed all that was sent and has not
    /// refused it (a pass ended before the hub's answer was kept). A failure is logged and never stops syncing.
    private func signCheckpoint(sentEvents: Bool, drained: Bool) async {
        guard let logKey, sentEvents || drained else { return }
        do {
            let log = GateLog(journal: journal)
            let witness = try await journal.logWitness()
            let size = witness.sentSize(ofLogSize: try await log.extend())
            guard sentEvents || (witness.refusal == nil && size > witness.witnessedSize) else { return }
            let signed = try await log.signCheckpoint(with: logKey, size: size)
            switch await client.postCheckpoint(signed.text, vkey: logKey.verifier.vkey) {
            case .cosigned(let note):
                if try await log.keepCosigned(note, of: signed, signer: logKey.verifier) {
                    logger.debug("checkpoint cosigned by the hub", metadata: ["log.size": "\(size)"])
                } else {
                    logger.warning("the hub's answer to the checkpoint of size \(size) is not that checkpoint cosigned")
                }
            case .refused(let reason):
                try await journal.recordLogRefusal(size: size, reason: reason, at: clock.now())
                logger.error("the hub refused the checkpoint of size \(size) of the log: \(reason)")
            case .unavailable(let reason):
                logger.warning("the checkpoint of size \(size) could not be posted: \(reason)")
            }
        } catch {
            logger.warning("cannot sign a checkpoint of the log: \(error.message)")
        }
    }

    /// Posts how the gate is (`HeartbeatService`) with this engine's client; nil when the hub kept it, else why not.
    public func postHeartbeat(_ heartbeat: WireHeartbeat) async -> String? {
        guard !client.token.isEmpty else { return "no token yet (\(tokenFile))" }
        return await client.postHeartbeat(heartbeat)
    }

    /// The hub's clock minus the gate's at the latest answer that said, in seconds; nil before any.
    public var latestClockOffset: TimeInterval? {
        client.latestClockMeasurement?.offset
    }

    /// Closes the hub client; for callers that use `pushPending()` without `run()`.
    public func shutdown() async {
        await client.shutdown()
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await self.pushForever() }
        await client.shutdown()
    }

    private func pushForever() async {
        var backoff = initialBackoff
        // Events acknowledged since the queue was last drained: after a backlog, the memory its batches took goes back.
        var pushedSinceDrained = 0
        // Events acknowledged since the free memory last went back: a steady day's passes, one tap each, leave freed
        // memory scattered over the heap too, which goes back every `steadyEvents`.
        var pushedSinceReturned = 0
        while !Task.isCancelled {
            if client.token.isEmpty {
                await waitForToken(replacing: "")
                continue
            }
            var delay = Duration.zero
            do {
                let report = try await pushPending()
                pushedSinceDrained += report.acknowledged
                pushedSinceReturned += report.acknowledged
                switch report.outcome {
                case .drained:
                    backoff.succeeded()
                    if pushedSinceDrained >= Self.backlogEvents || pushedSinceReturned >= Self.steadyEvents {
                        FreedHeap.returnToSystem()
                        pushedSinceReturned = 0
                    }
                    pushedSinceDrained = 0
                    await idle()
                    continue
                case .tokenRejected(let status):
                    logger.error(
                        "the hub rejected the token; pushing waits for a new token in \(tokenFile), nothing is lost",
                        metadata: ["sync.status": "\(status)"]
                    )
                    await waitForToken(replacing: client.token)
                    continue
                case .unavailable(let reason, let retryAfter):
                    if report.acknowledged > 0 { backoff.succeeded() }
                    delay = backoff.failed(retryAfter: retryAfter)
                    let next = clock.now().addingTimeInterval(delay.seconds)
                    try await journal.recordSyncFailure(.hubUnavailable, reason, at: clock.now(), nextRetryAt: next)
                    logger.warning("sync failed; retrying", metadata: ["sync.reason": "\(reason)", "sync.delay_s": "\(delay.seconds)"])
                }
            } catch {
                delay = backoff.failed()
                logger.error("sync pass failed", metadata: ["sync.error": "\(error.message)"])
            }
            try? await Task.sleep(for: delay)
        }
    }

    /// Reads the token file every `tokenRecheck` until it holds a token other than `rejected` (empty: none yet),
    /// which the client then sends; returns early on cancellation (graceful shutdown).
    private func waitForToken(replacing rejected: String) async {
        var lastProblem: String?
        while !Task.isCancelled {
            do {
                let (token, _) = try TokenFile.read(tokenFile)
                if token != rejected {
                    client.replaceToken(with: token)
                    logger.info("read a new token from \(tokenFile); pushing resumes")
                    return
                }
            } catch {
                if error.message != lastProblem {
                    logger.error("not syncing to the hub: \(error.message); taps stay pending until this is fixed")
                    try? await journal.recordSyncFailure(.tokenUnreadable, error.message, at: clock.now(), nextRetryAt: nil)
                    lastProblem = error.message
                }
            }
            try? await Task.sleep(for: tokenRecheck)
        }
    }

    /// Waits until woken (a tap was recorded) or until the idle poll interval passed, without polling.
    private func idle() async {
        await wakeSignal.wait(upTo: idlePoll)
    }
}

extension SyncPassOutcome {
    var isDrained: Bool {
        if case .drained = self { true } else { false }
    }
}
