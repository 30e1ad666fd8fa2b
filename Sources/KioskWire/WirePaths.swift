import KioskCore

/// The hub's endpoints and the limits both sides agree on.
public enum WirePaths {
    public static let events = "/v1/events"
    public static let roster = "/v1/roster"
    public static let attendance = "/v1/attendance"
    /// The chain summary, for an operator token.
    public static let propertiesSummary = "/v1/properties/summary"
    public static let health = "/healthz"
    /// A kiosk's signed checkpoint of its log, to be cosigned (`text/plain`).
    public static let checkpoints = "/v1/checkpoints"
    /// Corrected times of a kiosk's reads made with an unsynchronised clock.
    public static let corrections = "/v1/corrections"
    /// What the hub holds of the asking kiosk's events (`KioskHolding`), so the kiosk can push again what it lost.
    public static let kioskSelf = "/v1/kiosks/self"
    /// How a gate is (`WireHeartbeat`), every 30 s.
    public static let heartbeat = "/v1/heartbeat"
    /// A student's photo (`/v1/photos/{studentId}`), for the gate's screen: the bytes, typed `image/jpeg` or `image/png`.
    public static let photos = "/v1/photos"
    /// The Prometheus exposition, for a metrics token.
    public static let metrics = "/metrics"
    /// The header on every answer of the hub: its clock, Unix time in milliseconds.
    public static let hubTimeHeader = "Hub-Time"
    /// The header with which a kiosk sends the vkey that signed its checkpoint (the hub learns it on first use).
    public static let logKeyHeader = "Kiosk-Log-Key"
    /// The largest checkpoint the hub reads: a signed note has at most 100 signature lines.
    public static let maximumCheckpointBytes = 16 * 1024
    /// The largest heartbeat the hub reads.
    public static let maximumHeartbeatBytes = 64 * 1024

    /// The largest request body the hub reads; a bigger one gets 413.
    public static let maximumBodyBytes = 4 * 1024 * 1024
    /// The most events one batch may carry, the largest `batch_size` a kiosk may be given; more gets 413, and the
    /// kiosk splits the batch.
    public static let maximumBatchEvents = SyncConfiguration.largestBatchSize
    /// The most events `GET /v1/events` returns at once.
    public static let maximumPageEvents = 1000
}
