public import Foundation
public import KioskCards
public import KioskCore

/// One card presented to one reader: exactly one per presentation (present until removed), however long
/// the card is held. The reader waits briefly for `respond(_:)` to show the outcome on its LEDs and buzzer.
public struct CardPresentation: Sendable {
    public let uid: TagUID
    /// The configured reader that saw the card; its `direction` applies.
    public let reader: ReaderConfiguration
    /// The device's own name, e.g. the PC/SC reader name.
    public let device: String
    /// What kind of card it is, as far as the reader can tell (e.g. "MIFARE Classic 1K").
    public let cardType: String
    /// When the reader saw the card appear.
    public let presentedAt: Date
    /// What the card showed when asked for its SUN; nil when the reader did not ask (no SUN keys configured).
    public let sun: SunReading?
    let feedback: FeedbackChannel

    init(
        uid: TagUID,
        reader: ReaderConfiguration,
        device: String,
        cardType: String,
        presentedAt: Date,
        sun: SunReading? = nil,
        feedback: FeedbackChannel
    ) {
        self.uid = uid
        self.reader = reader
        self.device = device
        self.cardType = cardType
        self.presentedAt = presentedAt
        self.sun = sun
        self.feedback = feedback
    }

    /// The read as the check-in decision takes it, with this reader's name and direction, and what its SUN proves
    /// when checked with `keys` (nil: no keys are configured, the card is known by its UID alone).
    public func tagRead(checkedWith keys: SunKeys?) -> TagRead {
        TagRead(
            uid: uid,
            reader: reader.name,
            readerDirection: reader.direction,
            occurredAt: presentedAt,
            proof: keys.map { SunCheck(sun, uid: uid, keys: $0).proof } ?? .uidOnly
        )
    }

    /// Shows the recorded outcome on the reader (LEDs and buzzer where it has them). Call once, after the
    /// journal commit returned (or failed).
    public func respond(_ signal: ReaderFeedback) {
        feedback.send(signal)
    }

    /// Lets the reader go on without showing anything (e.g. `kiosk readers watch`, which records nothing).
    public func release() {
        feedback.send(nil)
    }
}
