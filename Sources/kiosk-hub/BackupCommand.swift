import ArgumentParser
import Foundation
import KioskCore
import KioskHubDatabase
import KioskHubSQLite

/// `kiosk-hub backup --to FILE`: a consistent copy of a SQLite hub, while it serves.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the hub's SQLite database (data_dir/hub.sqlite) to a file, owner-only.",
        discussion: """
            Safe while kiosk-hub serve runs: the copy is of one instant (SQLite's online backup) and appears under FILE \
            only once complete and on disk. A hub on PostgreSQL is copied with pg_dump instead (README, "Backups and \
            restore"); gates push again whatever a restored hub lacks.
            """
    )

    @OptionGroup var options: HubOptions

    @Option(help: ArgumentHelp("The file to write the copy to.", valueName: "file"))
    var to: String

    func run() throws {
        let configuration = try options.load()
        if let url = configuration.databaseURL {
            let database = DatabaseURL(url)
            throw KioskError(
                .usage,
                "the hub's database is PostgreSQL: copy it with pg_dump --format=custom --file \(to) '\(database?.withoutPassword ?? url)' "
                    + "(README, \"Backups and restore\")"
            )
        }
        let path = SQLiteHubStorage.databasePath(dataDirectory: configuration.dataDirectory)
        try SQLiteHubStorage.backup(dataDirectory: configuration.dataDirectory, to: to)
        print("wrote \(to): a copy of \(path)")
    }
}

/// `kiosk-hub restore --from FILE`: puts a copy back, the hub stopped.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a copy made by kiosk-hub backup in place of the hub's SQLite database; the hub must be stopped.",
        discussion: """
            The copy is checked first (whole, a hub database, no newer than this kiosk-hub): a bad one is refused (65) \
            and nothing changes. The replaced database is kept beside it as hub.sqlite.before-restore. Refused (75) \
            while kiosk-hub serve runs. Once the hub serves again, each gate pushes again the events it lost.
            """
    )

    @OptionGroup var options: HubOptions

    @Option(help: ArgumentHelp("The copy to restore.", valueName: "file"))
    var from: String

    func run() throws {
        let configuration = try options.load()
        guard configuration.databaseURL == nil else {
            throw KioskError(.usage, "the hub's database is PostgreSQL: restore it with pg_restore (README, \"Backups and restore\")")
        }
        let lock = try HubDataLock.restoring(dataDirectory: configuration.dataDirectory)
        let path = SQLiteHubStorage.databasePath(dataDirectory: configuration.dataDirectory)
        try withExtendedLifetime(lock) { () throws(KioskError) in
            try SQLiteHubStorage.restore(dataDirectory: configuration.dataDirectory, from: from)
        }
        print("restored \(path) from \(from); the database it replaced is \(path).before-restore")
        print("start kiosk-hub again: each gate pushes again, at its next sync, the events this copy lacks")
    }
}
