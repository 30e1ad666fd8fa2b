import ArgumentParser
import Foundation
import KioskCore
import KioskJournal

/// `kiosk roster`: the students and their tags.
struct RosterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "Import or list the roster of students and their tags.",
        subcommands: [Import.self, List.self]
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
}
