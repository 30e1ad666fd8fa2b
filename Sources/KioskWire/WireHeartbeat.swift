/// The body of `POST /v1/heartbeat`: how a gate is, sent every 30 s by `kiosk run` (CONTRACT.md "Gate health and
/// metrics"). The hub keeps each gate's latest.
public struct WireHeartbeat: Codable, Sendable, Hashable {
    public var kioskId: String
    /// The version of the kiosk program (`KioskVersion`).
    public var version: String
    /// When `kiosk run` started, as `WireTime` writes it.
    public var startedAt: String
    /// The gate's own events not yet acknowledged by the hub.
    public var pending: Int64
    /// When the oldest of them was recorded; nil when none is pending.
    public var oldestPendingAt: String?
    /// The gate's events the hub refused for good.
    public var quarantined: Int64
    /// Whether the gate's clock is synchronised (NTP).
    public var clockSynced: Bool
    /// The hub's clock minus the gate's at the latest measurement, in milliseconds (0 before any).
    public var clockOffsetMs: Int64
    public var readers: [WireReaderHealth]
    /// The journal's size on disk, its write-ahead log included.
    public var journalBytes: Int64
    /// The space left to the journal's file system.
    public var freeBytes: Int64
    /// The size of the gate's signed log the hub last cosigned.
    public var checkpointSize: Int64

    public init(
        kioskId: String,
        version: String,
        startedAt: String,
        pending: Int64,
        oldestPendingAt: String?,
        quarantined: Int64,
        clockSynced: Bool,
        clockOffsetMs: Int64,
        readers: [WireReaderHealth],
        journalBytes: Int64,
        freeBytes: Int64,
        checkpointSize: Int64
    ) {
        self.kioskId = kioskId
        self.version = version
        self.startedAt = startedAt
        self.pending = pending
        self.oldestPendingAt = oldestPendingAt
        self.quarantined = quarantined
        self.clockSynced = clockSynced
        self.clockOffsetMs = clockOffsetMs
        self.readers = readers
        self.journalBytes = journalBytes
        self.freeBytes = freeBytes
        self.checkpointSize = checkpointSize
    }

    /// Every field, `oldestPendingAt` as `null` when none is pending (the contract lists it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kioskId, forKey: .kioskId)
        try container.encode(version, forKey: .version)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(pending, forKey: .pending)
        try container.encode(oldestPendingAt, forKey: .oldestPendingAt)
        try container.encode(quarantined, forKey: .quarantined)
        try container.encode(clockSynced, forKey: .clockSynced)
        try container.encode(clockOffsetMs, forKey: .clockOffsetMs)
        try container.encode(readers, forKey: .readers)
        try container.encode(journalBytes, forKey: .journalBytes)
        try container.encode(freeBytes, forKey: .freeBytes)
        try container.encode(checkpointSize, forKey: .checkpointSize)
    }

    /// The largest clock offset a heartbeat may report: a year either way (a gate's clock further off than that is
    /// a broken value, not a clock).
    public static let maximumClockOffsetMs: Int64 = 366 * 86_400_000
    /// The most readers one gate reports.
    public static let maximumReaders = 32
    /// The longest version or reader name, in Unicode scalars.
    public static let maximumNameLength = 200

    /// The first field whose value no gate can have (a negative count, an instant that is not one, an offset of
    /// years), or nil when every field is possible.
    public var problem: WireProblem? {
        if let problem = WireEvent.identifierProblem(kioskId, field: "kioskId") { return problem }
        if !Self.isName(version) { return WireProblem(error: "must be 1 to \(Self.maximumNameLength) characters", field: "version") }
        if WireTime.parse(startedAt) == nil { return WireProblem(error: "not an ISO 8601 instant with an offset", field: "startedAt") }
        if let oldestPendingAt, WireTime.parse(oldestPendingAt) == nil {
            return WireProblem(error: "not an ISO 8601 instant with an offset", field: "oldestPendingAt")
        }
        for (field, count) in [
            ("pending", pending), ("quarantined", quarantined), ("journalBytes", journalBytes), ("freeBytes", freeBytes),
            ("checkpointSize", checkpointSize),
        ] where count < 0 {
            return WireProblem(error: "must not be negative", field: field)
        }
        if clockOffsetMs.magnitude > Self.maximumClockOffsetMs.magnitude {
            return WireProblem(error: "an offset of more than a year either way is not a clock's", field: "clockOffsetMs")
        }
        if readers.count > Self.maximumReaders {
            return WireProblem(error: "at most \(Self.maximumReaders) readers", field: "readers")
        }
        for (index, reader) in readers.enumerated() where !Self.isName(reader.name) {
            return WireProblem(error: "must be 1 to \(Self.maximumNameLength) characters", field: "readers[\(index)].name")
        }
        return nil
    }

    private static func isName(_ text: String) -> Bool {
        (1...maximumNameLength).contains(text.unicodeScalars.count)
    }
}

/// One reader of a gate in its heartbeat.
public struct WireReaderHealth: Codable, Sendable, Hashable {
    /// Whether a reader works.
    public enum State: String, Codable, Sendable, Hashable {
        case up, failing
    }

    public var name: String
    public var state: State

    public init(name: String, state: State) {
        self.name = name
        self.state = state
    }
}
