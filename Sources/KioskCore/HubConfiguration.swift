/// Everything the hub's configuration file says (`[hub]` and `[attendance]`), with defaults for what it
/// leaves out.
public struct HubConfiguration: Sendable, Hashable {
    /// The address the hub listens on.
    public var host: String
    public var port: Int
    /// Where the hub's database lives.
    public var dataDirectory: String
    /// The same attendance rules as the kiosks', for the combined report.
    public var attendance: AttendancePolicy
    /// A connection that sends nothing (no request, or half a request) for this long is closed.
    public var idleTimeoutSeconds: Int
    /// Connections beyond this many wait to be accepted, so idle clients cannot use up the hub's descriptors.
    public var maximumConnections: Int

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: String = "/var/lib/kiosk-hub",
        attendance: AttendancePolicy = AttendancePolicy(),
        idleTimeoutSeconds: Int = 30,
        maximumConnections: Int = 512
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.attendance = attendance
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maximumConnections = maximumConnections
    }
}
