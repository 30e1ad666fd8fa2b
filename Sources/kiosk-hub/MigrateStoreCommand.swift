import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubPostgres
import KioskHubSQLite
import KioskHubStorage
import Logging

/// `kiosk-hub migrate-store --to URL`: grows a one-PG hub into a chain's, copying its SQLite database into an empty
/// PostgreSQL one and verifying the counts.
struct MigrateStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-store",
        abstract: "Copy this hub's SQLite database (data_dir/hub.sqlite) into an empty PostgreSQL database and verify the counts.",
        discussion: """
            Stop kiosk-hub first. Events keep their pull cursors and tokens their hashes, so kiosks notice nothing; \
            console users keep their passwords and alerts their delivery states. Console sessions are not copied: \
            wardens sign in again. The password comes from the URL, or from --password-file.
            """
    )

    @OptionGroup var options: HubOptions

    @Option(help: ArgumentHelp("The PostgreSQL database to copy into (postgres://user@host:port/database).", valueName: "url"))
    var to: String

    @Option(name: .customLong("password-file"), help: ArgumentHelp("A file holding the database password.", valueName: "path"))
    var passwordFile: String?

    func validate() throws {
        if let problem = DatabaseURL.problem(to) { throw ValidationError("--to: \(problem)") }
    }

    func run() async throws {
        var configuration = try options.load()
        let sourcePath = (configuration.dataDirectory as NSString).appendingPathComponent("hub.sqlite")
        guard FileManager.default.fileExists(atPath: sourcePath) else {
            throw KioskError(.noInput, "\(sourcePath): no such file; give the SQLite hub's --data-dir or --config")
        }
        let source = try SQLiteHubStorage.open(dataDirectory: configuration.dataDirectory)
        let defaultProperty = HubProperty(id: HubProperty.defaultID, name: configuration.name, policy: configuration.attendance)
        configuration.databaseURL = to
        configuration.databasePasswordFile = passwordFile
        var logger = Logger(label: "kiosk-hub")
        logger.logLevel = .warning
        let counts = try await HubDatabase.withStore(configuration, logger: logger) { store in
            guard let target = store.storage as? PostgresHubStorage else { throw KioskError(.usage, "--to must name a PostgreSQL database") }
            return try await HubStoreCopy.copy(from: source, defaultProperty: defaultProperty, to: target)
        }
        let url = DatabaseURL(to)
        print("copied and verified: \(counts)")
        print("now set in the hub's configuration, under [hub]:")
        print("  database_url = \"\(url?.withoutPassword ?? "")\"")
        if passwordFile != nil || url?.password != nil {
            print("  database_password_file = \"\(passwordFile ?? "/etc/kiosk-hub/db-password")\"   # a file holding the password, mode 600")
        }
        print("then start kiosk-hub again; kiosks keep their tokens, users their passwords (they sign in again). \(sourcePath) is left as it was.")
    }
}
