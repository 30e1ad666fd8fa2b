import ArgumentParser
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

/// `kiosk-hub alerts`: the alerts the hub has made.
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "The alerts the hub has made and their delivery.",
        subcommands: [ListAlerts.self]
    )

    /// `kiosk-hub alerts list`: each alert of a property with its delivery state to each channel.
    struct ListAlerts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a property's alerts, newest first, with their delivery.")

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Option(help: "text or json.")
        var format: String = "text"

        func validate() throws {
            guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json, not '\(format)'") }
        }

        func run() async throws {
            let (propertyID, json) = (property.property, format == "json")
            let rendered = try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                let report = AlertListReport(try await store.alerts(property: property.id), timeZone: property.policy.timeZone)
                return json ? report.json : report.text
            }
            print(rendered, terminator: "")
        }
    }
}
