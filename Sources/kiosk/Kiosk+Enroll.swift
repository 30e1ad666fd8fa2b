import ArgumentParser
import KioskCore
import KioskJournal

/// `kiosk enroll`: bind a tag to a student.
struct EnrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Bind a card's UID to a student.",
        discussion: "A card already bound to another student is refused (exit 65); binding it again to the same student is a no-op."
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The student id (must be in the roster).", valueName: "id"))
    var student: String

    @Option(help: ArgumentHelp("The tag UID to bind.", valueName: "uid"))
    var uid: String

    func validate() throws {
        do { _ = try TagUID(parsing: uid) } catch { throw ValidationError(error.message) }
    }

    func run() async throws {
        let (_, journal) = try options.openJournal()
        let tag = try TagUID(parsing: uid)
        let added = try await journal.enroll(uid: tag, studentID: student)
        print(added ? "enrolled \(tag) for student \(student)" : "\(tag) was already bound to student \(student)")
    }
}
