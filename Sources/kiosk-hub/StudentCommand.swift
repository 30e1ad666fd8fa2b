import ArgumentParser
import KioskHub

/// `kiosk-hub student`: what the hub holds about one student (CONTRACT.md "Export").
struct StudentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "student",
        abstract: "What the hub holds about one student.",
        subcommands: [Export.self]
    )

    /// `kiosk-hub student export`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print everything the hub holds about a student as one JSON document (exit 65 for a student it does not know)."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Argument(help: ArgumentHelp("The student id, as the roster gives it.", valueName: "id"))
        var id: String

        func run() async throws {
            let (id, propertyID) = (self.id, property.property)
            let export = try await options.withStore { _, store in try await store.exportStudent(id, property: propertyID) }
            print(export.json)
        }
    }
}
