import ArgumentParser
import Foundation
import KioskCommandLine
import KioskCore
import KioskJournal
import KioskReports

/// `kiosk pass`: leave passes on a standalone kiosk; a kiosk with a hub takes them from the hub.
struct PassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pass",
        abstract: "Make, list or cancel leave passes (a kiosk without a hub only; with one, make them on the hub).",
        subcommands: [Create.self, List.self, Cancel.self]
    )

    /// `kiosk pass create`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Make a leave pass; prints its id alone on the last line.",
            discussion: LeavePassOptions.discussion
        )

        @OptionGroup var options: ConfigOptions
        @OptionGroup var pass: LeavePassOptions

        func run() async throws {
            let request = try pass.request()
            let (configuration, journal) = try options.openJournal()
            try configuration.refuseWhenHubOwns(
                "leave passes",
                advice: "passes are made on the hub: kiosk-hub pass create --student \(request.studentID) …"
            )
            print(LeavePassOptions.created(try await journal.createPass(request), policy: configuration.attendance))
        }
    }

    /// `kiosk pass list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the leave passes of this kiosk (a kiosk without a hub only; with one, list them on the hub)."
        )

        @OptionGroup var options: ConfigOptions

        @Option(help: ArgumentHelp("Only the passes covering some instant of this attendance day (YYYY-MM-DD).", valueName: "date"))
        var date: AttendanceDate?

        @Option(help: "text or json.")
        var format: LeavePassListing.Format = .text

        func run() async throws {
            let (configuration, journal) = try options.openJournal(for: .reading)
            try configuration.refuseWhenHubOwns("leave passes", advice: "passes are made and listed on the hub: kiosk-hub pass list")
            let policy = configuration.attendance
            let day = date.map(policy.firstAndLastInstants(of:))
            let passes = try await journal.passes(from: day?.first, through: day?.last)
            print(LeavePassListing(passes, policy: policy).render(as: format), terminator: "")
        }
    }

    /// `kiosk pass cancel ID`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a leave pass.")

        @OptionGroup var options: ConfigOptions

        @Argument(help: ArgumentHelp("The pass id, as `kiosk pass list` shows it.", valueName: "id"))
        var id: String

        func run() async throws {
            let (configuration, journal) = try options.openJournal()
            try configuration.refuseWhenHubOwns("leave passes", advice: "passes are made and cancelled on the hub: kiosk-hub pass cancel \(id)")
            try await journal.cancelPass(id: id)
            print("cancelled leave pass \(id)")
        }
    }
}
