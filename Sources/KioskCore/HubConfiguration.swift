/// Everything the hub's configuration file says (`[hub]` and `[attendance]`), with defaults for what it
/// leaves out.
public struct HubConfiguration: Sendable, Hashable {
    /// The address the hub listens on.
    public var host: String
    public var port: Int
    /// Where the hub's database lives.
    public var dataDirectory: String
    /// The same attendance rules as the kiosks', for the combined report: the `default` property's settings.
    public var attendance: AttendancePolicy
    /// The `default` property's name, which its pages and reports show.
    public var name: String
    /// A connection that sends nothing (no request, or half a request) for this long is closed.
    public var idleTimeoutSeconds: Int
    /// Connections beyond this many wait to be accepted, so idle clients cannot use up the hub's descriptors.
    public var maximumConnections: Int
    /// A PostgreSQL database (`postgres://user@host:port/database`) instead of SQLite under `dataDirectory`.
    public var databaseURL: String?
    /// A file holding the database password, when the URL has none.
    public var databasePasswordFile: String?
    /// The most connections one hub process opens to PostgreSQL.
    public var databaseConnections: Int
    /// The alerts it sends (`[alerts]`).
    public var alerts: AlertSettings
    /// How and where `kiosk-hub report --print` prints (the `[reports]` section).
    public var printing: PrintSettings
    /// The name of the hub's witness key; its log key is `<logName>/log` (`[hub] log_name`).
    public var logName: String
    /// How long the hub keeps events and inactive students (`[retention] keep_days`); nil keeps them all.
    public var retention: RetentionPolicy?
    /// How pass requests are decided (`[passes]`).
    public var passes: PassSettings
    /// The address parents reach the hub at, without a trailing slash (`[hub] public_url`): approval links start
    /// with it. Required with `parent_approval`.
    public var publicURL: String?

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: String = "/var/lib/kiosk-hub",
        attendance: AttendancePolicy = AttendancePolicy(),
        name: String = "PG",
        idleTimeoutSeconds: Int = 30,
        maximumConnections: Int = 512,
        databaseURL: String? = nil,
        databasePasswordFile: String? = nil,
        databaseConnections: Int = 10,
        alerts: AlertSettings = AlertSettings(),
        printing: PrintSettings = PrintSettings(),
        logName: String = "kiosk-hub",
        retention: RetentionPolicy? = nil,
        passes: PassSettings = PassSettings(),
        publicURL: String? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.attendance = attendance
        self.name = name
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maximumConnections = maximumConnections
        self.databaseURL = databaseURL
        self.databasePasswordFile = databasePasswordFile
        self.databaseConnections = databaseConnections
        self.alerts = alerts
        self.printing = printing
        self.logName = logName
        self.retention = retention
        self.passes = passes
        self.publicURL = publicURL
    }
}
