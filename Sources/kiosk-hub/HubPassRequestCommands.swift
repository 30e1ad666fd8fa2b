import ArgumentParser
import Foundation
import KioskCommandLine
import KioskCore
import KioskHub
import KioskHubStorage
import KioskReports

extension HubPassCommand {
    /// `kiosk-hub pass request`.
    struct Request: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "request",
            abstract: "Ask for a leave pass; prints the request's id alone on the last line.",
            discussion: """
                With [passes] parent_approval = true, each of the student's parents gets a pass_request alert with a \
                link of their own to approve or decline it; otherwise the warden decides on the console's Passes page \
                (or with `pass decide`). A leave may last at most [passes] max_days (default 31).
                """
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption
        @OptionGroup var pass: LeavePassOptions

        func run() async throws {
            let (leave, propertyID) = (try pass.request(), property.property)
            let request = try await options.withStore { configuration, store in
                try await store.requestPass(leave, property: propertyID, settings: PassRequestSettings(configuration), now: WallClock.system.now())
            }
            print("pass request for \(leave.studentID)\n\(request.id)")
        }
    }

    /// `kiosk-hub pass requests`.
    struct Requests: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "requests", abstract: "List the pass requests of a property, newest first.")

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Option(help: "text or json.")
        var format: String = "text"

        func validate() throws {
            if LeavePassListing.Format(rawValue: format) == nil { throw ValidationError("--format must be text or json, not '\(format)'") }
        }

        func run() async throws {
            let (propertyID, format) = (property.property, LeavePassListing.Format(rawValue: self.format) ?? .text)
            let rendered = try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                return PassRequestListing(try await store.passRequests(of: property), policy: property.policy, now: WallClock.system.now())
                    .render(as: format)
            }
            print(rendered, terminator: "")
        }
    }

    /// `kiosk-hub pass decide ID approve|decline`.
    struct Decide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decide",
            abstract: "Approve or decline a pending pass request; an approval prints the pass's id alone on the last line."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Argument(help: ArgumentHelp("The request id, as `kiosk-hub pass requests` shows it.", valueName: "id"))
        var id: String

        @Argument(help: ArgumentHelp("approve or decline.", valueName: "decision"))
        var decision: String

        func validate() throws {
            guard ["approve", "decline"].contains(decision) else {
                throw ValidationError("the decision must be approve or decline, not '\(decision)'")
            }
        }

        func run() async throws {
            let (id, propertyID, approve) = (self.id, property.property, decision == "approve")
            let pass = try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                return try await store.decidePassRequest(id: id, property: property.id, approve: approve, now: WallClock.system.now())
            }
            print(pass.map { "approved pass request \(id)\n\($0.id)" } ?? "declined pass request \(id)")
        }
    }
}
