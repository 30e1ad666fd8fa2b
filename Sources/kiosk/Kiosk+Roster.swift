import ArgumentParser
import Foundation
import KioskCommandLine
import KioskCore
import KioskJournal
import KioskWire

/// `kiosk roster`: the students and their tags.
struct RosterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "Import or list the roster of students and their tags.",
        subcommands: [Import.self, List.self, Photo.self]
    )

    /// `kiosk roster import FILE`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import a roster CSV (student_id,name,room,tag_uid[,status][,parent_contact: checked, kept only by a hub]).",
            discussion: """
                RFC 4180 CSV in UTF-8 (a BOM is accepted) with a header row; one row per tag, so a student with two \
                cards has two rows. Without --replace the file is merged into the roster. The import is one \
                transaction: any bad row aborts it with exit 65 and changes nothing.
                """
        )

        @OptionGroup var options: ConfigOptions

        @Argument(help: ArgumentHelp("The roster CSV file.", valueName: "file"))
        var file: String

        @Flag(help: "Make the file the whole roster: students and tags not in it are removed (past records stay).")
        var replace = false

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw KioskError(.noInput, "\(file): no such file or not readable")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw KioskError(.dataError, "\(file): not UTF-8 text (save the roster as CSV UTF-8)")
            }
            let rows = try RosterCSV.parse(text, file: file)
            let (configuration, journal) = try options.openJournal()
            try configuration.refuseWhenHubOwns("roster", advice: "import the roster on the hub instead: kiosk-hub roster import \(file)")
            let summary = try await journal.importRoster(rows, file: file, replace: replace)
            var line = "imported \(summary.students) students with \(summary.tags) tags from \(file)"
            if replace { line += "; removed \(summary.removedStudents) students not in the file" }
            print(line)
        }
    }

    /// `kiosk roster list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the roster.")

        @OptionGroup var options: ConfigOptions

        @Option(help: "text, csv or json.")
        var format: RosterListing.Format = .text

        func run() async throws {
            let (_, journal) = try options.openJournal(for: .reading)
            print(RosterListing(entries: try await journal.roster()).render(format), terminator: "")
        }
    }

    /// `kiosk roster photo ID FILE`.
    struct Photo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "photo",
            abstract: "Set a student's photo for the gate's screen: a JPEG or PNG of at most 2 MB and 4096 pixels a side.",
            discussion: """
                For a standalone kiosk; a kiosk that syncs gets photos from its hub (kiosk-hub student photo). The \
                screen shows it from the next read on. A file that is not such an image exits 65 naming why.
                """
        )

        @OptionGroup var options: ConfigOptions
        @OptionGroup var arguments: PhotoArguments

        func run() async throws {
            let photo = StoredPhoto(try arguments.photo())
            let (configuration, journal) = try options.openJournal()
            try configuration.refuseWhenHubOwns(
                "roster",
                advice: "set the photo on the hub instead: kiosk-hub student photo \(arguments.id) \(arguments.file)"
            )
            try await journal.setPhoto(photo, of: arguments.id)
            print("photo of \(arguments.id) set (\(photo.contentType), \(photo.data.count) bytes)")
        }
    }
}
