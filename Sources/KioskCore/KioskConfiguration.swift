public import Foundation

/// How a reader is reached.
public enum ReaderDriver: String, Sendable, Hashable, CaseIterable {
    case pcsc
    case libnfc
    case keyboard
}

/// One `[[readers]]` entry.
public struct ReaderConfiguration: Sendable, Hashable {
    public var name: String
    public var driver: ReaderDriver
    /// A PC/SC reader-name substring, a libnfc connstring, or a keyboard reader's evdev device path; empty means
    /// every reader (standard input for `keyboard`).
    public var match: String
    public var direction: ReaderDirection
    /// For `keyboard` readers: the byte order of the typed UID.
    public var byteOrder: UIDByteOrder

    public init(
        name: String,
        driver: ReaderDriver,
        match: String = "",
        direction: ReaderDirection = .toggle,
        byteOrder: UIDByteOrder = .standard
    ) {
        self.name = name
        self.driver = driver
        self.match = match
        self.direction = direction
        self.byteOrder = byteOrder
    }
}

extension ReaderConfiguration {
    /// Whether this PC/SC reader entry serves the reader that pcscd calls `name`: its `match` is a substring of the
    /// name (any case), or empty for every reader.
    public func matchesPCSCReader(named name: String) -> Bool {
        match.isEmpty || name.localizedCaseInsensitiveContains(match)
    }
}

/// The `[sync]` section: where records go and how hard to try. Absent means a standalone kiosk.
public struct SyncConfiguration: Sendable, Hashable {
    public var hubURL: URL
    public var tokenFile: String
    /// The most events one push carries.
    public var batchSize: Int
    /// `batch_size` when kiosk.conf does not say: about 400 KB of JSON a push.
    public static let defaultBatchSize = 1000
    /// The largest `batch_size` kiosk.conf may give, and so the hub's most events a batch (`WirePaths.maximumBatchEvents`):
    /// about 2 MB of JSON. A long backlog arrives faster in larger batches (each of the hub's commits writes the index
    /// pages by student a batch touches once, whatever it holds), and the kiosk keeps a few MB more while it pushes one
    /// (BENCHMARKS.md).
    public static let largestBatchSize = 5000
    /// The first retry waits up to this long; each further failure doubles it, up to `backoffCapSeconds`.
    public var backoffBaseSeconds: Int
    public var backoffCapSeconds: Int
    public var connectTimeoutSeconds: Int
    public var requestTimeoutSeconds: Int
    /// A PEM file of CA certificates trusted for an https hub, besides the system's store.
    public var caFile: String?

    public init(
        hubURL: URL,
        tokenFile: String,
        batchSize: Int = defaultBatchSize,
        backoffBaseSeconds: Int = 1,
        backoffCapSeconds: Int = 300,
        connectTimeoutSeconds: Int = 10,
        requestTimeoutSeconds: Int = 30,
        caFile: String? = nil
    ) {
        self.hubURL = hubURL
        self.tokenFile = tokenFile
        self.batchSize = batchSize
        self.backoffBaseSeconds = backoffBaseSeconds
        self.backoffCapSeconds = backoffCapSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.caFile = caFile
    }
}

/// Everything kiosk.conf says, with the contract's defaults for what it leaves out.
public struct KioskConfiguration: Sendable, Hashable {
    /// Unique per kiosk; part of every record.
    public var kioskID: String
    /// Where the journal lives.
    public var dataDirectory: String
    public var attendance: AttendancePolicy
    public var readers: [ReaderConfiguration]
    public var sync: SyncConfiguration?
    /// What is written when a day closes.
    public var reports: ReportSettings
    /// Whether cards must prove themselves with a SUN.
    public var cards: CardSettings
    /// How long the journal keeps events the hub acknowledged (`[journal] keep_days`); nil keeps them all.
    public var retention: RetentionPolicy?
    /// The gate's screen page (`[display]`).
    public var display: DisplaySettings

    public init(
        kioskID: String = ProcessInfo.processInfo.hostName,
        dataDirectory: String = "/var/lib/kiosk",
        attendance: AttendancePolicy = AttendancePolicy(),
        readers: [ReaderConfiguration] = [],
        sync: SyncConfiguration? = nil,
        reports: ReportSettings = ReportSettings(),
        cards: CardSettings = CardSettings(),
        retention: RetentionPolicy? = nil,
        display: DisplaySettings = DisplaySettings()
    ) {
        self.kioskID = kioskID
        self.dataDirectory = dataDirectory
        self.attendance = attendance
        self.readers = readers
        self.sync = sync
        self.reports = reports
        self.cards = cards
        self.retention = retention
        self.display = display
    }

    /// The journal's path inside the data directory.
    public var journalPath: String { (dataDirectory as NSString).appendingPathComponent("journal.sqlite") }

    /// Where finished days' reports are written.
    public var reportsDirectory: String { (dataDirectory as NSString).appendingPathComponent("reports") }
}
