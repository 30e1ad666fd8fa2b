import AsyncHTTPClient
import Crypto
public import Foundation
public import KioskCore
import KioskHubStorage
public import Logging
import NIOCore
import NIOHTTP1
public import ServiceLifecycle

/// Decides the hub's alerts and delivers them from the outbox in its database, as a `Service`. A property's alerts are
/// decided when a change of its day is announced (by any hub process sharing the database) and when time alone makes
/// one due (a curfew, a gate falling silent; looked for every `interval`, which reads nothing); an idle hub reads
/// nothing for its decisions. On its own for each configured channel, every `interval` it tries that channel's due
/// deliveries one at a time, so a slow channel delays neither the others nor the decisions (`limits` bounds each
/// attempt). A failed
/// delivery is retried with exponential backoff and full jitter, for up to 24 hours, then marked failed. A delivery
/// is held by one hub process at a time (a lease in the database); a process killed or stopped mid-delivery lets it
/// go when the lease ends, and the receiver may then see the alert again under the same `Idempotency-Key`.
public struct AlertService: Service {
    let store: HubStore
    let settings: AlertSettings
    let clock: WallClock
    let interval: Duration
    let backoff: SyncBackoff
    let limits: AlertDeliveryLimits
    let readiness: HubReadiness
    let logger: Logger

    /// How long a delivery is retried.
    public static let deliveryWindow: TimeInterval = 24 * 3600
    /// How long one process holds a delivery it is attempting: longer than any attempt (at most 65 s).
    static let lease: TimeInterval = 120
    /// How often the alerts of a property with an offline gate are decided again, for its `gate_back`.
    static let offlineRecheck: TimeInterval = 30

    public init(
        store: HubStore,
        settings: AlertSettings,
        clock: WallClock = .system,
        interval: Duration = .seconds(5),
        backoff: SyncBackoff = SyncBackoff(base: .seconds(5), cap: .seconds(1800)),
        limits: AlertDeliveryLimits = AlertDeliveryLimits(),
        readiness: HubReadiness = HubReadiness(),
        logger: Logger
    ) {
        self.store = store
        self.settings = settings
        self.clock = clock
        self.interval = interval
        self.backoff = backoff
        self.limits = limits
        self.readiness = readiness
        self.logger = logger
    }

    /// The configured channels, each once, by key.
    var channels: [String: AlertChannel] {
        Dictionary(settings.channels.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Decides and delivers until graceful shutdown, which ends an attempt in flight at once (unrecorded: the lease
    /// lets it be tried again).
    public func run() async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let channels = channels
        let heard = store.storage.changes.subscribe()
        let agenda = AlertAgenda()
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await change in heard { agenda.hear(change) }
                }
                group.addTask {
                    await repeatEveryInterval { agenda.ring() }
                }
                group.addTask {
                    for await _ in agenda.wakes {
                        let started = ContinuousClock.now
                        await decide(agenda)
                        let spent = ContinuousClock.now - started
                        await deliverDue(.allBut(Array(channels.keys)), client: client)
                        try? await Task.sleep(for: Self.pause(afterDecidingFor: spent))
                    }
                }
                for key in channels.keys {
                    group.addTask { await repeatEveryInterval { await deliverDue(.only(key), client: client) } }
                }
            }
        }
        try await client.shutdown()
    }

    /// The pause after a round of decisions that took `spent`, before the next: nineteen times as long, at most 2 s.
    /// While changes keep coming (a gate's backlog arriving, where each round reads whole days again), decisions then
    /// take at most a twentieth of the hub's time (P4: a tenth was 12 % of the hub's own work in a backlog's push); a
    /// round over a small day pauses a few milliseconds. Changes heard meanwhile are decided together in the next round.
    static func pause(afterDecidingFor spent: Duration) -> Duration {
        min(spent * 19, .seconds(2))
    }

    /// Runs `body` every `interval` until the task is cancelled.
    private func repeatEveryInterval(_ body: () async -> Void) async {
        repeat {
            await body()
        } while (try? await Task.sleep(for: interval)) != nil
    }

    /// Adds the alerts now due at the properties `agenda` names. A failure of the database is logged and tried again
    /// next time: alerts never stop the hub.
    func decide(_ agenda: AlertAgenda) async {
        guard readiness.reasonNotReady == nil else { return }
        let now = clock.now()
        let which = agenda.take(now: now)
        let gatesOnly = agenda.takeGates(now: now, besides: which)
        guard which?.isEmpty != true || !gatesOnly.isEmpty else { return }
        do {
            let properties = try await store.properties().filter { which?.contains($0.id) ?? true || gatesOnly.contains($0.id) }
            let decisions = try await store.decideAlerts(
                for: properties,
                gatesOnly: gatesOnly,
                settings: settings,
                now: now,
                offlineRecheck: Self.offlineRecheck
            )
            agenda.schedule(decisions.nextByTime, gates: decisions.gatesNextByTime)
            for alert in decisions.added {
                logger.info(
                    "alert",
                    metadata: ["alert.id": "\(alert.id)", "alert.event": "\(alert.event.rawValue)", "alert.property": "\(alert.property)"]
                )
            }
        } catch {
            agenda.retry(which?.union(gatesOnly))
            logger.warning("alerts could not be decided; trying again", metadata: ["alert.error": "\(error)"])
        }
    }

    /// Tries the due deliveries to `channels` once each, one at a time, until none is due; stops at cancellation
    /// without recording the attempt it ended.
    func deliverDue(_ channels: DeliveryChannels, client: HTTPClient) async {
        guard readiness.reasonNotReady == nil else { return }
        do {
            while !Task.isCancelled {
                let now = clock.now()
                let claimed = try await store.storage.claimDueDeliveries(
                    now: now,
                    leaseUntil: now.addingTimeInterval(Self.lease),
                    channels: channels,
                    limit: 1
                )
                guard let delivery = claimed.first else { return }
                let outcome = await attempt(delivery, client: client)
                guard !Task.isCancelled else { return }
                try await store.storage.finishDelivery(delivery, outcome: outcome)
                log(outcome, of: delivery)
            }
        } catch {
            logger.warning("alerts could not be delivered; trying again", metadata: ["alert.error": "\(error)"])
        }
    }

    /// Tries one delivery and says what became of it.
    private func attempt(_ delivery: DueDelivery, client: HTTPClient) async -> DeliveryOutcome {
        let failure: String?
        if let channel = channels[delivery.channel] {
            switch channel.delivery {
            case .webhook(let url, let secretFile): failure = await post(delivery.alert, to: url, secretFile: secretFile, client: client)
            case .command(let command): failure = await AlertCommand.run(command, input: delivery.alert.json, limits: limits)
            }
        } else {
            failure = "the channel is no longer configured"
        }
        let now = clock.now()
        guard let failure else { return .delivered(at: now) }
        var schedule = backoff
        for _ in 0..<delivery.attempts { _ = schedule.failed() }
        let next = now.addingTimeInterval(schedule.failed().seconds)
        guard next.timeIntervalSince(delivery.createdAt) < Self.deliveryWindow else { return .failed(error: failure, at: now) }
        return .retry(error: failure, at: now, nextAttemptAt: next)
    }

    /// Says what became of a delivery, once its outcome is in the outbox.
    private func log(_ outcome: DeliveryOutcome, of delivery: DueDelivery) {
        let metadata: Logger.Metadata = ["alert.id": "\(delivery.alert.id)", "alert.channel": "\(delivery.channel)"]
        switch outcome {
        case .delivered: logger.info("alert delivered", metadata: metadata)
        case .retry(let error, _, let next):
            logger.warning("alert not delivered", metadata: metadata.merging(["alert.error": "\(error)", "alert.retry_at": "\(next)"]) { $1 })
        case .failed(let error, _):
            logger.error("alert not delivered; giving up", metadata: metadata.merging(["alert.error": "\(error)"]) { $1 })
        }
    }

    /// POSTs the alert's JSON, signed; nil for a 2xx answer.
    private func post(_ alert: Alert, to url: String, secretFile: String?, client: HTTPClient) async -> String? {
        let body = alert.json
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Idempotency-Key", value: alert.id)
        if let secretFile {
            guard let secret = FileManager.default.contents(atPath: secretFile) else { return "cannot read the secret file \(secretFile)" }
            let key = SymmetricKey(data: Data(String(decoding: secret, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).utf8))
            let signature = HMAC<SHA256>.authenticationCode(for: body, using: key).map { String(format: "%02x", $0) }.joined()
            request.headers.add(name: "X-Kiosk-Signature", value: "sha256=" + signature)
        }
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: TimeAmount(limits.webhook))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return (200..<300).contains(response.status.code) ? nil : "HTTP \(response.status.code)"
        } catch {
            return "\(error)"
        }
    }
}
