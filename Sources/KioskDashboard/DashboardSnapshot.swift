public import Foundation
public import KioskCore

/// Everything the live summary shows at one moment; built from the journal and the running services.
public struct DashboardSnapshot: Sendable {
    /// How a reader is doing, as the summary shows it.
    public struct Reader: Sendable, Hashable {
        public let name: String
        /// A word or two: "ready", "reconnecting", "no reader".
        public let state: String
        public let healthy: Bool

        public init(name: String, state: String, healthy: Bool) {
            self.name = name
            self.state = state
            self.healthy = healthy
        }
    }

    /// Where the sync to the hub stands; nil for a standalone kiosk.
    public struct Sync: Sendable, Hashable {
        public let pending: Int
        public let quarantined: Int
        public let lastSyncedAt: Date?
        public let nextRetryAt: Date?

        public init(pending: Int, quarantined: Int, lastSyncedAt: Date?, nextRetryAt: Date?) {
            self.pending = pending
            self.quarantined = quarantined
            self.lastSyncedAt = lastSyncedAt
            self.nextRetryAt = nextRetryAt
        }
    }

    /// A read the journal could not record (disk full, I/O error): the student was told it was not recorded.
    public struct Refusal: Sendable, Hashable {
        /// The card's UID in hex.
        public let uid: String
        public let reader: String
        public let at: Date
        /// Why the journal refused it: the journal's error, shown among the alerts.
        public let reason: String

        public init(uid: String, reader: String, at: Date, reason: String) {
            self.uid = uid
            self.reader = reader
            self.at = at
            self.reason = reason
        }
    }

    public let now: Date
    public let kioskID: String
    public let attendance: DailyAttendance
    /// Recorded taps, newest first; the first is greeted.
    public let recentTaps: [RecordedTap]
    public let readers: [Reader]
    public let sync: Sync?
    /// Problems a warden should see: clock not synchronised, disk nearly full, token rejected, reader missing.
    public let alerts: [String]
    /// The latest read the journal refused, while recording fails.
    public let refusal: Refusal?

    public init(
        now: Date,
        kioskID: String,
        attendance: DailyAttendance,
        recentTaps: [RecordedTap],
        readers: [Reader],
        sync: Sync?,
        alerts: [String],
        refusal: Refusal? = nil
    ) {
        self.now = now
        self.kioskID = kioskID
        self.attendance = attendance
        self.recentTaps = recentTaps
        self.readers = readers
        self.sync = sync
        self.alerts = alerts
        self.refusal = refusal
    }
}
