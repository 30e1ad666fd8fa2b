import ArgumentParser
import Foundation
import KioskCommandLine
import KioskCore
import KioskHub
import KioskHubDatabase
import KioskHubStorage

/// `kiosk-hub student`: what the hub holds about one student (CONTRACT.md "Erasure", "Export").
struct StudentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "student",
        abstract: "What the hub holds about one student.",
        subcommands: [Erase.self, Export.self, Photo.self]
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

    /// `kiosk-hub student erase`.
    struct Erase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "erase",
            abstract: "Erase a student everywhere the hub holds them and print the signed receipt (exit 65 for a student it does not know).",
            discussion: """
                Their name, room, cards and passes go; their events stay under a pseudonym without UIDs, so past \
                reports still add up and every log still verifies. The gates erase them at their next sync. A \
                hub.sqlite.before-restore beside the database is erased too; backups keep the student until they expire.
                """
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption

        @Argument(help: ArgumentHelp("The student id, as the roster gives it.", valueName: "id"))
        var id: String

        func run() async throws {
            let (id, propertyID) = (self.id, property.property)
            let now = WallClock.system.now()
            try await options.withStore { configuration, store in
                let keys = try await HubLogKeys.load(logName: configuration.logName, storage: store.storage)
                let receipt = try await store.eraseStudent(id, property: propertyID, now: now)
                print(try receipt.json(signedBy: keys))
                if configuration.databaseURL == nil {
                    try await HubStore.eraseFromReplacedDatabase(dataDirectory: configuration.dataDirectory, as: receipt)
                }
            }
        }
    }

    /// `kiosk-hub student photo ID FILE`.
    struct Photo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "photo",
            abstract: "Set a student's photo for the gate's screen: a JPEG or PNG of at most 2 MB and 4096 pixels a side.",
            discussion: "Kiosks of the property show it from their next roster pull on. A file that is not such an image exits 65 naming why."
        )

        @OptionGroup var options: HubOptions
        @OptionGroup var property: PropertyOption
        @OptionGroup var arguments: PhotoArguments

        func run() async throws {
            let (data, id, file, propertyID) = (try arguments.data(), arguments.id, arguments.file, property.property)
            let photo = try await options.withStore { _, store in
                let property = try await store.property(propertyID)
                return try await store.setStudentPhoto(id, data: data, source: file, property: property.id, now: WallClock.system.now())
            }
            print("photo of \(id) set (\(photo.contentType), \(photo.data.count) bytes)")
        }
    }
}
