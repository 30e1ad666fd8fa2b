public import Foundation
public import KioskCore

/// The alerts the hub decided and their outbox: one delivery per channel, claimed by one hub process at a time.
public protocol AlertStorage: Sendable {
    /// Stores `alert` of `property` with a pending delivery to each of `channels` due at once, unless an alert with
    /// its id exists (decided by this or another hub process); returns whether it was new.
    func addAlert(_ alert: Alert, property: String, channels: [String], createdAt: Date) async throws(KioskError) -> Bool
    /// The alerts of `property` (every property when nil) of the given kinds (all when nil) made at or after
    /// `since`, newest first, each with its deliveries.
    func alerts(property: String?, events: [AlertEvent]?, since: Date?) async throws(KioskError) -> [AlertRecord]
    /// The newest alert of `property` of kind `event` about kiosk `kioskID`, nil when there is none.
    func latestAlert(property: String, event: AlertEvent, kioskID: String) async throws(KioskError) -> Alert?
    /// Up to `limit` pending deliveries to `channels` due at `now` that no hub process holds, each now held by this
    /// one until `leaseUntil` (a process that dies holding one lets it go then).
    func claimDueDeliveries(now: Date, leaseUntil: Date, channels: DeliveryChannels, limit: Int) async throws(KioskError) -> [DueDelivery]
    /// Records the outcome of one delivery attempt and lets the delivery go.
    func finishDelivery(_ delivery: DueDelivery, outcome: DeliveryOutcome) async throws(KioskError)
    /// How many deliveries of each property's alerts are pending and how many failed for good, for the properties
    /// that have any.
    func deliveryCounts() async throws(KioskError) -> [String: DeliveryCounts]
}

/// The deliveries of one property's alerts still to be made and given up.
public struct DeliveryCounts: Sendable, Hashable {
    public var pending: Int
    public var failed: Int

    public init(pending: Int = 0, failed: Int = 0) {
        self.pending = pending
        self.failed = failed
    }
}
