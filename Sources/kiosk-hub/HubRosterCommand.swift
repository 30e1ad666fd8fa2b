import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskHubStorage

/// `kiosk-hub roster import FILE`: the roster every connected kiosk pulls.
struct HubRosterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "roster", abstract: "Manage the hub's roster.", subcommands: [Import.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Merge a roster CSV (student_id,name,room,tag_uid[,status][,parent_contact]) into the hub's roster; atomic."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Argument(help: ArgumentHelp("The roster CSV.", valueName: "file"))
        var file: String

        @Flag(help: "Make the file the whole roster.")
        var replace = false

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw KioskError(.noInput, "\(file): no such file, or it cannot be read")
            }
            guard let text = String(data: data, encoding: .utf8) else { throw KioskError(.dataError, "\(file): not UTF-8 text") }
            let rows = try RosterCSV.parse(text, file: file)
            let (replace, propertyID) = (self.replace, property.property)
            let summary = try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                return try await store.importRoster(rows, file: file, replace: replace, property: property.id)
            }
            print("imported \(summary.students) students, \(summary.tags) tags")
        }
    }
}
