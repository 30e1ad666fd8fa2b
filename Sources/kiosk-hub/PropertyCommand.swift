import ArgumentParser
import Foundation
import KioskConfig
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

/// `kiosk-hub property create|list`: the PGs of a chain, each with its own roster, settings, kiosks and reports.
struct PropertyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "property",
        abstract: "Create and list properties (the PGs of a chain); every hub has 'default'.",
        subcommands: [Create.self, List.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a property; omitted settings come from [attendance].")

        @OptionGroup var options: HubOptions

        @Argument(help: ArgumentHelp("1 to 32 characters of a-z, 0-9 and '-'.", valueName: "id"))
        var id: String

        @Option(help: ArgumentHelp("What its reports and pages call it.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("IANA time zone, e.g. Asia/Kolkata.", valueName: "zone"))
        var timezone: String?

        @Option(name: .customLong("day-starts-at"), help: ArgumentHelp("HH:MM.", valueName: "time"))
        var dayStartsAt: String?

        @Option(help: ArgumentHelp("HH:MM.", valueName: "time"))
        var curfew: String?

        @Option(name: .customLong("debounce-seconds"), help: ArgumentHelp("Seconds.", valueName: "n"))
        var debounceSeconds: Int?

        @Option(name: .customLong("initial-state"), help: ArgumentHelp("in or out.", valueName: "state"))
        var initialState: String?

        func validate() throws {
            if let problem = HubProperty.idProblem(id) { throw ValidationError(problem) }
        }

        func run() async throws {
            let settings = AttendanceSettings(
                timezone: timezone,
                dayStartsAt: dayStartsAt,
                curfew: curfew,
                debounceSeconds: debounceSeconds,
                initialState: initialState
            )
            let (id, name) = (self.id, self.name)
            try await options.withStore { configuration, store in
                let policy = try settings.applied(to: configuration.attendance)
                try await store.createProperty(HubProperty(id: id, name: name, policy: policy))
            }
            print("created property '\(id)'")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the properties with their settings.")

        @OptionGroup var options: HubOptions

        @Option(help: "text or json.")
        var format: String = "text"

        func validate() throws {
            guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json, not '\(format)'") }
        }

        func run() async throws {
            let properties = try await options.withStore { _, store in try await store.properties() }
            let listing = PropertyListing(properties: properties)
            print(format == "json" ? listing.json : listing.text, terminator: "")
        }
    }
}
