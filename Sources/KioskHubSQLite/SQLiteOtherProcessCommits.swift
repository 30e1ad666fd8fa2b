import GRDB
import KioskHubStorage
import KioskStore
import ServiceLifecycle

/// Hears of what other processes commit to a SQLite hub's database while it serves (a `kiosk-hub` command: a pass, a
/// roster import, a user disabled), which no announcement of this process carries. Every `interval` it asks the
/// writer's connection for `PRAGMA data_version`, which changes only when another connection commits, and announces
/// `.everything` when it did: one query per interval, whatever the number of properties and open pages.
struct SQLiteOtherProcessCommits: Service {
    let database: StoreDatabase
    let changes: HubChanges
    let interval: Duration

    func run() async throws {
        try? await cancelWhenGracefulShutdown { [database, changes, interval] in
            var watch = Watch(database: database)
            while true {
                if await watch.sawOtherCommits() { changes.publish(.everything) }
                try await Task.sleep(for: interval)
            }
        }
    }

    /// The writer's `data_version` as last read.
    struct Watch {
        let database: StoreDatabase
        var seen: Int?

        /// Whether another connection committed since the last look (false at the first, and when it cannot tell).
        mutating func sawOtherCommits() async -> Bool {
            guard let version = try? await database.onWriterConnection({ try Int.fetchOne($0, sql: "PRAGMA data_version") }) else { return false }
            defer { seen = version }
            return seen.map { $0 != version } ?? false
        }
    }
}
