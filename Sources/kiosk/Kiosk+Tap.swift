import ArgumentParser
import Foundation
import KioskCore
import KioskDaemon
import KioskJournal

/// `kiosk tap`: one read through exactly the path a reader uses.
struct TapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Record one card read as a reader would, and print the outcome.",
        discussion: """
            Prints IN, OUT, IGNORED (a re-tap within debounce_seconds), UNKNOWN (a card of no active student) or REFUSED (with SUN \
            keys configured, a secured card cannot prove itself when typed in), \
            then the student. Each is recorded in the journal and exits 0.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The tag UID: 4, 7 or 10 bytes of hex, separators ':' '-' ' ' allowed.", valueName: "uid"))
    var uid: String

    @Option(help: ArgumentHelp("When the card was read (ISO 8601 with offset); default now.", valueName: "time"))
    var at: InstantArgument?

    @Option(help: ArgumentHelp("Read as this configured reader (its direction applies); default a toggle reader.", valueName: "name"))
    var reader: String?

    func validate() throws {
        do { _ = try TagUID(parsing: uid) } catch { throw ValidationError(error.message) }
    }

    func run() async throws {
        let (configuration, journal) = try options.openJournal()
        let (readerName, direction) = try readerSetting(configuration)
        let read = TagRead(
            uid: try TagUID(parsing: uid),
            reader: readerName,
            readerDirection: direction,
            occurredAt: at?.date ?? WallClock.system.now(),
            // Typed in, like a keyboard wedge's read: with SUN keys configured, there is no SUN to show.
            proof: configuration.cards.sunKeysFile == nil ? .uidOnly : .noSun
        )
        let recorded = try await journal.record(
            read,
            rules: AttendanceRules(policy: configuration.attendance),
            requireSun: configuration.cards.requireSun
        )
        print(TapLine(recorded, policy: configuration.attendance).text)
    }

    private func readerSetting(_ configuration: KioskConfiguration) throws(KioskError) -> (String, ReaderDirection) {
        guard let reader else { return ("cli", .toggle) }
        guard let match = configuration.readers.first(where: { $0.name == reader }) else {
            let names = configuration.readers.map(\.name)
            throw KioskError(
                .usage,
                "unknown reader '\(reader)': "
                    + (names.isEmpty ? "no readers are configured" : "configured readers are \(names.joined(separator: ", "))")
            )
        }
        return (match.name, match.direction)
    }
}
