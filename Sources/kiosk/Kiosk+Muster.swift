import ArgumentParser
import KioskCore
import KioskJournal
import KioskReports

/// `kiosk muster`: every active student whose state is `in` now by this gate's journal, by room then name.
struct MusterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "muster",
        abstract: "List every student who is in now (by room, then name), with the time and gate of their last tap."
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: "text, html or json.")
    var format: ReportFormat = .text

    func validate() throws {
        guard format != .csv else { throw ValidationError("--format must be text, html or json, not csv") }
    }

    func run() async throws {
        let (configuration, journal) = try options.openJournal(for: .reading)
        let policy = configuration.attendance
        let (muster, kiosks) = try await journal.muster(at: WallClock.system.now(), policy: policy)
        let rendered = MusterReport(muster, property: nil, kiosks: kiosks, silentGates: [], timeZone: policy.timeZone).render(as: format)
        print(rendered, terminator: "")
    }
}
