public import KioskCards
public import KioskCore
public import KioskJournal
public import KioskReaders
public import Logging

/// Records one card presentation in the journal, then answers it on the reader and tells the caller.
public struct TapRecorder: Sendable {
    /// What happened to a presentation: recorded (committed), or not recorded because the journal failed.
    public enum Result: Sendable {
        case recorded(RecordedTap)
        case failed(KioskError)
    }

    private let journal: Journal
    private let rules: AttendanceRules
    private let keys: SunKeys?
    private let requireSun: Bool
    private let logger: Logger
    private let announce: @Sendable (CardPresentation, Result) async -> Void

    /// `announce` is awaited after each presentation was answered, so announcements come in recording order. With
    /// `keys`, each card's SUN is checked with them (`[cards]`); `requireSun` refuses every card without a valid one.
    public init(
        journal: Journal,
        rules: AttendanceRules,
        keys: SunKeys? = nil,
        requireSun: Bool = false,
        logger: Logger,
        announce: @escaping @Sendable (CardPresentation, Result) async -> Void
    ) {
        self.journal = journal
        self.rules = rules
        self.keys = keys
        self.requireSun = requireSun
        self.logger = logger
        self.announce = announce
    }

    /// Decides and commits the read; the reader's LEDs show the outcome only after the commit returned.
    public func record(_ presentation: CardPresentation) async {
        do {
            let tap = try await journal.record(presentation.tagRead(checkedWith: keys), rules: rules, requireSun: requireSun)
            presentation.respond(ReaderFeedback(tap.outcome))
            await announce(presentation, .recorded(tap))
        } catch {
            presentation.respond(.failed)
            logger.error("read of \(presentation.uid) on \(presentation.reader.name) not recorded: \(error.message)")
            await announce(presentation, .failed(error))
        }
    }
}
