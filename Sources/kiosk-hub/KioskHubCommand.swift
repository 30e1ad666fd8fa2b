import ArgumentParser
import Foundation
import KioskCommandLine
import KioskCore

/// The `kiosk-hub` command line: the server that combines the gates of a PG, and its administration.
@main
struct KioskHubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-hub",
        abstract: "The hub that receives every kiosk's records and reports attendance over all gates.",
        discussion: """
            Configuration comes from --config FILE (a [hub] section with host, port and data_dir, and the same \
            [attendance] section as kiosk.conf); --data-dir and the serve flags override it. Exit codes follow \
            sysexits: 64 usage, 65 bad data, 66 missing input, 74 I/O error, 78 configuration.
            """,
        version: KioskVersion.current,
        subcommands: [
            ServeCommand.self, PropertyCommand.self, TokenCommand.self, HubRosterCommand.self, HubReportCommand.self, MusterCommand.self,
            UserCommand.self, HubPassCommand.self, AlertsCommand.self, HubLogCommand.self, AuditCommand.self,
            MigrateStoreCommand.self, BackupCommand.self, RestoreCommand.self, StudentCommand.self,
        ]
    )

    /// Runs the command; a `KioskError` is one line on standard error and its sysexits status.
    static func main() async {
        await runReportingKioskErrors(program: "kiosk-hub")
    }
}
