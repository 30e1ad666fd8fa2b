import ArgumentParser
import KioskCards
import KioskCore
import KioskJournal
import KioskReaders

/// `kiosk enroll`: bind a tag to a student.
struct EnrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Bind a card's UID to a student.",
        discussion: """
            Without --uid, waits for the next card presented on any configured reader (every PC/SC reader when none \
            is configured); exit 69 when there is no reader or no card within --timeout. A card already bound to \
            another student is refused (exit 65); binding it again to the same student is a no-op. With [cards] \
            sun_keys_file, a card whose SUN verifies is stored as secured (it must prove itself at every read from \
            then on); a card whose SUN the keys do not make is refused (exit 65).
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The student id (must be in the roster).", valueName: "id"))
    var student: String

    @Option(help: ArgumentHelp("The tag UID to bind; default: the next card tapped.", valueName: "uid"))
    var uid: String?

    @Option(help: ArgumentHelp("Seconds to wait for a card without --uid.", valueName: "seconds"))
    var timeout: Double = 30

    func validate() throws {
        if let uid {
            do { _ = try TagUID(parsing: uid) } catch { throw ValidationError(error.message) }
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() async throws {
        let (configuration, journal) = try options.openJournal()
        if let uid {
            try await enroll(try TagUID(parsing: uid), journal)
            return
        }
        let keys = try configuration.cards.sunKeysFile.map { (path) throws(KioskError) in try SunKeys.load(path: path) }
        let selection = try ReaderSelection(configuration, defaultToEveryPCSCReader: true, readsSun: keys != nil)
        try selection.requireAReader()
        printLine("tap the card for student \(student) (waiting up to \(Int(timeout)) s)")
        guard let presentation = await NextTap.wait(on: selection.readers, timeout: timeout) else {
            throw KioskError(.unavailable, "no card was presented within \(Int(timeout)) s")
        }
        do {
            let check = keys.map { SunCheck(presentation.sun, uid: presentation.uid, keys: $0) }
            if case .forged(let why)? = check {
                throw KioskError(
                    .dataError,
                    "card \(presentation.uid) shows a SUN the configured keys do not make (\(why)): program it with this PG's keys first"
                )
            }
            try await enroll(presentation.uid, journal)
            if case .verified(let counter)? = check {
                _ = try await journal.recordEnrolmentRead(
                    presentation.tagRead(checkedWith: keys),
                    studentID: student,
                    counter: Int64(counter)
                )
                printLine("its SUN verified (read counter \(counter)): the tag is secured and must prove itself at every read")
            } else if case .absent(let why)? = check {
                printLine("it shows no SUN (\(why)): it is known by its UID alone")
            }
            presentation.respond(.accepted)
        } catch {
            presentation.respond(.declined)
            throw error
        }
    }

    private func enroll(_ tag: TagUID, _ journal: Journal) async throws(KioskError) {
        let added = try await journal.enroll(uid: tag, studentID: student)
        printLine(added ? "enrolled \(tag) for student \(student)" : "\(tag) was already bound to student \(student)")
    }
}
