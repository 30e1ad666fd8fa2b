import ArgumentParser
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

/// `kiosk-hub muster`: every active student of a property who is in now over all its gates, and the gates gone silent.
struct MusterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "muster",
        abstract: "List every student of a property who is in now (by room, then name), with their last tap's time and gate, and silent gates."
    )

    @OptionGroup var options: HubOptions
    @OptionGroup var property: PropertyOption

    @Option(help: "text, html or json.")
    var format: String = "text"

    func validate() throws {
        guard ["text", "html", "json"].contains(format) else { throw ValidationError("--format must be text, html or json, not '\(format)'") }
    }

    func run() async throws {
        let (propertyID, format) = (property.property, ReportFormat(rawValue: self.format) ?? .text)
        let rendered = try await options.withStore { configuration, store in
            let property = try await store.property(propertyID)
            let (muster, kiosks, silent) = try await store.muster(for: property, offlineSeconds: configuration.alerts.gateOfflineSeconds)
            return MusterReport(
                muster,
                property: (property.id, property.name),
                kiosks: kiosks,
                silentGates: silent,
                timeZone: property.policy.timeZone
            )
            .render(as: format)
        }
        print(rendered, terminator: "")
    }
}
