import KioskHubStorage
import Logging
import PostgresNIO
import ServiceLifecycle

/// Hears the other hub processes' announcements (`NOTIFY` on `channel`: the announcing process's origin, a space,
/// the change) on a connection of its own, and hands them to this process's subscribers. While it cannot listen it tries again every second; each
/// time it starts listening it announces `.everything` in this process, for what it may have missed meanwhile.
struct PostgresChangeListener: Service {
    static let channel = "kiosk_hub_change"

    let client: PostgresClient
    let changes: HubChanges
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: Self.channel) { notifications in
                            changes.publish(.everything)
                            for try await notification in notifications {
                                let parts = notification.payload.split(separator: " ", maxSplits: 1).map(String.init)
                                guard parts.count == 2, parts[0] != changes.origin, let change = HubChange(payload: parts[1]) else { continue }
                                changes.publish(change)
                            }
                        }
                    }
                } catch {
                    guard !Task.isCancelled else { return }
                    logger.warning(
                        "hub database changes cannot be heard; trying again",
                        metadata: ["hub.error": "\(PostgresHubStorage.describe(error))"]
                    )
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}
