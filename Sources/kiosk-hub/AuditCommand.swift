import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskHubStorage
import KioskWire

/// `kiosk-hub audit list|checkpoint|export`: the hub's own actions, one signed audit log per property (CONTRACT.md
/// "Signed logs", LOG-FORMAT.md section 7).
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "The hub's own actions: each property's audit log, signed by the hub's log key.",
        subcommands: [List.self, Checkpoint.self, Export.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the audit entries of a property (of every property without --property), oldest first."
        )

        @OptionGroup var options: HubOptions

        @Option(help: ArgumentHelp("Only this property's entries.", valueName: "id"))
        var property: String?

        @Option(help: ArgumentHelp("Only entries made at or after this instant (ISO 8601 with offset).", valueName: "time"))
        var since: String?

        @Option(help: "text or json.")
        var format: String = "text"

        func validate() throws {
            guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json, not '\(format)'") }
            if let since, (try? Timestamp.parse(since)) == nil {
                throw ValidationError("--since: '\(since)' is not an ISO 8601 instant with an offset")
            }
        }

        func run() async throws {
            let (property, since, json) = (self.property, try since.map(Timestamp.parse), format == "json")
            let entries = try await options.withStore { _, store in try await store.auditEntries(property: property, since: since) }
            if json {
                print("[" + entries.map(\.json).joined(separator: ",\n") + "]")
            } else {
                for entry in entries {
                    let said = [entry.subject, entry.detail].filter { !$0.isEmpty }.joined(separator: ": ")
                    print(
                        "\(entry.property) #\(entry.seq) \(WireTime.format(entry.at)) \(entry.actor) \(entry.action)\(said.isEmpty ? "" : " " + said)"
                    )
                }
                if entries.isEmpty { print("no audit entries") }
            }
        }
    }

    struct Checkpoint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the latest signed checkpoint of a property's audit log, signing one first if it grew (exit 69 when it is empty)."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        func run() async throws {
            let propertyID = property.property
            let checkpoint = try await options.withStore { configuration, store in
                let property = try await store.property(propertyID)
                let keys = try await HubLogKeys.load(logName: configuration.logName, storage: store.storage)
                return try await store.auditCheckpoint(property: property.id, keys: keys, now: WallClock.system.now())
            }
            guard let checkpoint else { throw KioskError(.unavailable, "the audit log of property '\(propertyID)' is empty") }
            print(checkpoint.text, terminator: "")
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a property's audit log as JSON Lines in seq order.")

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        func run() async throws {
            let propertyID = property.property
            try await options.withStore { _, store in try await store.exportAudit(property: propertyID) { print($0) } }
        }
    }
}
