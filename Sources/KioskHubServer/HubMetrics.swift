import Foundation
import KioskCore
import KioskHub
import KioskHubStorage
import KioskWire
import Metrics
import Prometheus

/// The hub's Prometheus metrics (CONTRACT.md "Gate health and metrics"). What this process counts (requests
/// answered, events received) goes through swift-metrics into its own registry; what every hub process on the
/// database shares (the gates, the alert deliveries) is read from the database at each scrape. No label carries a
/// student's id, name, room or card.
struct HubMetrics: Sendable {
    private let counted = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

    init() {
        factory = PrometheusMetricsFactory(registry: counted)
    }

    /// A request was answered with `status`.
    func answered(status: Int) {
        Metrics.Counter(label: "kiosk_hub_http_requests_total", dimensions: [("code", String(status))], factory: factory).increment()
    }

    /// `count` events of `property` were received and stored.
    func received(_ count: Int, property: String) {
        guard count > 0 else { return }
        Metrics.Counter(label: "kiosk_hub_events_received_total", dimensions: [("property", property)], factory: factory).increment(by: count)
    }

    /// The exposition: this process's counters, then every property's gates and alert deliveries at `now`.
    func exposition(store: HubStore, now: Date, offlineSeconds: Int) async throws(KioskError) -> String {
        let scrape = PrometheusCollectorRegistry()
        scrape.makeGauge(descriptor: Self.buildInfo, labels: [("version", KioskVersion.current)]).set(Int64(1))
        let deliveries = try await store.storage.deliveryCounts()
        let properties = try await store.properties()
        let gates = try await store.eachProperty(properties) { property throws(KioskError) in
            try await store.gateHealth(property: property.id, now: now, offlineSeconds: offlineSeconds)
        }
        for (property, gates) in zip(properties, gates) {
            let labels = [("property", property.id)]
            let counts = deliveries[property.id] ?? DeliveryCounts()
            scrape.makeGauge(descriptor: Self.deliveriesPending, labels: labels).set(Int64(counts.pending))
            scrape.makeCounter(descriptor: Self.deliveriesFailed, labels: labels).increment(by: Int64(counts.failed))
            for gate in gates { Self.record(gate, property: property.id, now: now, into: scrape) }
        }
        return counted.emitToString() + scrape.emitToString()
    }

    private static func record(_ gate: GateHealth, property: String, now: Date, into scrape: PrometheusCollectorRegistry) {
        let labels = [("property", property), ("gate", gate.kioskID)]
        scrape.makeGauge(descriptor: gateUp, labels: labels).set(Int64(gate.offline ? 0 : 1))
        if let lastSeen = gate.lastContact {
            scrape.makeGauge(descriptor: gateLastSeen, labels: labels).set(lastSeen.timeIntervalSince1970)
        }
        guard let beat = gate.heartbeat?.heartbeat else { return }
        scrape.makeGauge(descriptor: gatePending, labels: labels).set(beat.pending)
        let oldest = beat.oldestPendingAt.flatMap(WireTime.parse).map { max(0, now.timeIntervalSince($0)) } ?? 0
        scrape.makeGauge(descriptor: gateOldestPending, labels: labels).set(oldest)
        scrape.makeGauge(descriptor: gateClockOffset, labels: labels).set(Double(beat.clockOffsetMs) / 1000)
        for reader in beat.readers {
            scrape.makeGauge(descriptor: gateReaderUp, labels: labels + [("reader", reader.name)]).set(Int64(reader.state == .up ? 1 : 0))
        }
    }

    /// A metric's name and help (the registry's descriptors are not `Sendable`, so each is made where it is used).
    private static func named(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kiosk_hub", metricName: name, unitName: "", helpText: help)
    }

    private static var buildInfo: MetricNameDescriptor { named("build_info", "The hub's version.") }
    private static var deliveriesPending: MetricNameDescriptor { named("alert_deliveries_pending", "Alert deliveries still to be made.") }
    private static var deliveriesFailed: MetricNameDescriptor {
        named("alert_deliveries_failed_total", "Alert deliveries given up after their last attempt.")
    }
    private static var gateUp: MetricNameDescriptor { named("gate_up", "1 when the gate was heard from within gate_offline_seconds, else 0.") }
    private static var gateLastSeen: MetricNameDescriptor { named("gate_last_seen_timestamp_seconds", "When the gate was last heard from.") }
    private static var gatePending: MetricNameDescriptor {
        named("gate_pending_events", "The gate's events not yet acknowledged, at its latest heartbeat.")
    }
    private static var gateOldestPending: MetricNameDescriptor {
        named("gate_oldest_pending_age_seconds", "How long the gate's oldest pending event has waited.")
    }
    private static var gateClockOffset: MetricNameDescriptor {
        named("gate_clock_offset_seconds", "The hub's clock minus the gate's, at its latest heartbeat.")
    }
    private static var gateReaderUp: MetricNameDescriptor { named("gate_reader_up", "1 when the reader works, at the gate's latest heartbeat.") }
}
