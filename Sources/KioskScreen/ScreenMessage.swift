/// The counts the screen shows all day, from the live summary.
public struct ScreenCounts: Codable, Sendable, Hashable {
    public let checkedIn: Int
    public let checkedOut: Int
    public let notReturned: Int
    public let absent: Int
    public let onLeave: Int

    public init(checkedIn: Int, checkedOut: Int, notReturned: Int, absent: Int, onLeave: Int) {
        self.checkedIn = checkedIn
        self.checkedOut = checkedOut
        self.notReturned = notReturned
        self.absent = absent
        self.onLeave = onLeave
    }
}

/// What the screen shows between greetings: the property's name, the time and today's counts. Sent every second, so
/// a page that hears nothing for a few seconds knows the kiosk is gone.
public struct ScreenStatus: Codable, Sendable, Hashable {
    public let title: String
    /// `HH:MM` in the PG's time zone.
    public let time: String
    public let counts: ScreenCounts?
    /// How long a greeting stays.
    public let greetingSeconds: Int

    public init(title: String, time: String, counts: ScreenCounts?, greetingSeconds: Int) {
        self.title = title
        self.time = time
        self.counts = counts
        self.greetingSeconds = greetingSeconds
    }
}

/// One read as the screen greets it: the outcome as a word (the page adds its colour, shape and tone), and for a
/// known student their name, room, initials and photo; nothing about anyone else.
public struct ScreenGreeting: Codable, Sendable, Hashable {
    /// The event's id; the photo is served under it while the greeting lasts.
    public let id: String
    /// `IN`, `OUT`, `IGNORED`, `UNKNOWN` or `REFUSED`.
    public let outcome: String
    public let name: String?
    public let room: String?
    public let initials: String?
    /// The pass line (`on leave until Sun 18:00`), or why a read changed nothing.
    public let detail: String?
    /// Where the page fetches the photo; nil: the initials are shown.
    public let photo: String?

    public init(id: String, outcome: String, name: String?, room: String?, detail: String?, hasPhoto: Bool) {
        self.id = id
        self.outcome = outcome
        self.name = name
        self.room = room
        self.initials = name.map(Self.initials)
        self.detail = detail
        self.photo = hasPhoto ? "/photo/\(id)" : nil
    }

    /// The first letter (grapheme) of the first and the last word of a name, upper-cased where the script has case.
    static func initials(_ name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace)
        guard let first = words.first?.first else { return "" }
        let last = words.count > 1 ? words.last?.first.map(String.init) ?? "" : ""
        return (String(first) + last).uppercased()
    }
}
