import ArgumentParser
import Foundation
import KioskCommandLine
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

/// `kiosk-hub pass`: the leave passes of a property, which its kiosks pull with the roster.
struct HubPassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pass",
        abstract: "Make, list or cancel the leave passes of a property; its kiosks pull them with the roster.",
        subcommands: [Create.self, List.self, Cancel.self, Request.self, Requests.self, Decide.self]
    )

    /// `kiosk-hub pass create`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Make a leave pass of a property; prints its id alone on the last line.",
            discussion: LeavePassOptions.discussion + " Reports computed from now on count it, for past days too."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption
        @OptionGroup var pass: LeavePassOptions

        func run() async throws {
            let (request, propertyID) = (try pass.request(), property.property)
            let (pass, policy) = try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                return (try await store.createPass(request, property: property.id), property.policy)
            }
            print(LeavePassOptions.created(pass, policy: policy))
        }
    }

    /// `kiosk-hub pass list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the leave passes of a property.")

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Option(help: ArgumentHelp("Only the passes covering some instant of this attendance day (YYYY-MM-DD).", valueName: "date"))
        var date: String?

        @Option(help: "text or json.")
        var format: String = "text"

        func validate() throws {
            if let date, AttendanceDate(parsing: date) == nil { throw ValidationError("--date must be YYYY-MM-DD, not '\(date)'") }
            if LeavePassListing.Format(rawValue: format) == nil { throw ValidationError("--format must be text or json, not '\(format)'") }
        }

        func run() async throws {
            let (date, propertyID) = (self.date.flatMap(AttendanceDate.init(parsing:)), property.property)
            let format = LeavePassListing.Format(rawValue: self.format) ?? .text
            let rendered = try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                return LeavePassListing(try await store.passes(of: property, on: date), policy: property.policy).render(as: format)
            }
            print(rendered, terminator: "")
        }
    }

    /// `kiosk-hub pass cancel ID`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Cancel a leave pass; kiosks drop it at their next roster pull."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Argument(help: ArgumentHelp("The pass id, as `kiosk-hub pass list` shows it.", valueName: "id"))
        var id: String

        func run() async throws {
            let (id, propertyID) = (self.id, property.property)
            try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                try await store.cancelPass(id: id, property: property.id)
            }
            print("cancelled leave pass \(id)")
        }
    }
}
