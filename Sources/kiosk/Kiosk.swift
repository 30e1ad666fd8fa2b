import ArgumentParser
import Foundation
import KioskCommandLine
import KioskCore

/// The `kiosk` command line: the check-in kiosk of a PG and the warden's tools.
@main
struct Kiosk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "NFC check-in kiosk for a PG: students tap in and out, the warden gets attendance reports.",
        discussion: """
            Every read and manual entry is written to the local journal (data_dir/journal.sqlite) before its \
            outcome is shown. Configuration comes from --config, else $KIOSK_CONFIG, else ./kiosk.conf, else \
            /etc/kiosk/kiosk.conf. Exit codes follow sysexits: 64 usage, 65 bad data, 66 missing input, \
            69 unavailable, 74 I/O error, 77 token rejected by the hub, 78 configuration.
            """,
        version: KioskVersion.current,
        subcommands: [
            RunCommand.self, DemoCommand.self, RosterCommand.self, EnrollCommand.self, TapCommand.self, ManualCommand.self, ReportCommand.self,
            MusterCommand.self, PassCommand.self, LogCommand.self,
            StatusCommand.self, SyncCommand.self, ReadersCommand.self, DoctorCommand.self,
        ]
    )

    /// Runs the command; a `KioskError` is one line on standard error and its sysexits status.
    static func main() async {
        MallocArenas.limitToOne()
        await runReportingKioskErrors(program: "kiosk")
    }
}
