import AsyncHTTPClient
import Foundation
import KioskCore
import KioskWire
import NIOCore
import NIOHTTP1
import Synchronization

/// Gates heartbeating as `kiosk run` does: each posts `POST /v1/heartbeat` with its own token every `period`, the
/// gates spread evenly over the period. Counts the heartbeats the hub kept (204) and the others, with why the first
/// of those was not kept.
final class GateHeartbeats: Sendable {
    private let counts = Mutex((kept: 0, refused: 0, firstRefusal: String?.none))
    private let sender: Mutex<Task<Void, Never>?> = Mutex(nil)

    /// Starts sending to the hub at `base` for `gates`.
    init(_ base: String, gates: [ChainAtScale.Gate], period: Duration, client: HTTPClient) {
        let task = Task { await self.send(to: base, gates: gates, period: period, client: client) }
        sender.withLock { $0 = task }
    }

    /// Sends every gate's heartbeat once a `period`, each in a task of its own, until cancelled.
    private func send(to base: String, gates: [ChainAtScale.Gate], period: Duration, client: HTTPClient) async {
        let startedAt = WireTime.format(Date())
        let spacing = period / max(gates.count, 1)
        var next = ContinuousClock.now
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                for gate in gates {
                    try? await Task.sleep(until: next, clock: .continuous)
                    guard !Task.isCancelled else { break }
                    next += spacing
                    group.addTask {
                        let refusal = await Self.post(Self.heartbeat(of: gate, startedAt: startedAt), to: base, token: gate.token, client: client)
                        // A heartbeat still in flight when sending stops was cut off here, not refused by the hub.
                        if refusal != nil, Task.isCancelled { return }
                        self.counts.withLock { counts in
                            if let refusal {
                                counts.refused += 1
                                counts.firstRefusal = counts.firstRefusal ?? "\(gate.kioskID): \(refusal)"
                            } else {
                                counts.kept += 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// Heartbeats the hub kept, and those it did not (or that got no answer), with why the first was not; one cut off
    /// by `stop()` is neither.
    var sent: (kept: Int, refused: Int, firstRefusal: String?) { counts.withLock { $0 } }

    /// Stops sending.
    func stop() async {
        let task = sender.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    private static func heartbeat(of gate: ChainAtScale.Gate, startedAt: String) -> WireHeartbeat {
        WireHeartbeat(
            kioskId: gate.kioskID,
            version: KioskVersion.current,
            startedAt: startedAt,
            pending: 0,
            oldestPendingAt: nil,
            quarantined: 0,
            clockSynced: true,
            clockOffsetMs: 12,
            readers: [WireReaderHealth(name: "entrance", state: .up)],
            journalBytes: 48_000_000,
            freeBytes: 20_000_000_000,
            checkpointSize: 380
        )
    }

    /// Nil when the hub kept `heartbeat`, else the status it answered or the error.
    private static func post(_ heartbeat: WireHeartbeat, to base: String, token: String, client: HTTPClient) async -> String? {
        var request = HTTPClientRequest(url: base + WirePaths.heartbeat)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        do {
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(heartbeat)))
            let response = try await client.execute(request, timeout: .seconds(30))
            _ = try await response.body.collect(upTo: 64 * 1024)
            return response.status.code == 204 ? nil : "HTTP \(response.status.code)"
        } catch {
            return "\(error)"
        }
    }
}
