import KioskHubStorage

/// How long one delivery attempt may take, on any channel. Each channel is delivered to on its own, so a slow
/// channel delays only its own alerts; the limits keep it from holding them for long.
public struct AlertDeliveryLimits: Sendable, Hashable {
    /// A command channel's program is sent SIGTERM after this long,
    public var command: Duration
    /// and SIGKILL this long after SIGTERM.
    public var commandGrace: Duration
    /// A webhook that has not answered in full by then has failed.
    public var webhook: Duration

    public init(command: Duration = .seconds(60), commandGrace: Duration = .seconds(5), webhook: Duration = .seconds(15)) {
        self.command = command
        self.commandGrace = commandGrace
        self.webhook = webhook
    }
}
