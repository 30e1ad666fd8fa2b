/// The roster: upload, add, the students, and the unknown cards to enrol.
struct RosterPage: ConsoleContext {
    static let template = ConsoleTemplate.roster
    let students: [RosterStudent]
    let count: Int
    let unknown: [UnknownCard]
}

/// A student of the roster.
struct RosterStudent: Sendable {
    let id: String
    let name: String
    let room: String
    let status: String
    /// Their cards' UIDs, space-separated.
    let cards: String
    let link: String
}

/// One student: status, cards, the last days of taps, and the form to change them.
struct StudentPage: ConsoleContext {
    static let template = ConsoleTemplate.student
    let id: String
    /// Where the form posts.
    let path: String
    let name: String
    let room: String
    /// `active` or `inactive`.
    let active: String
    let isActive: Bool
    /// Today's status.
    let status: String
    let cards: [StudentCard]
    /// The parents' contacts, `; `-separated, as the form takes them.
    let parentContact: String
    /// Where a new photo is posted.
    let photoPath: String
    /// Where the student's photo is shown from (the digest in it makes a new photo a new address); nil: none.
    let photo: String?
    let history: [StudentTap]
    let historyDays: Int
}

/// A card of one student.
struct StudentCard: Sendable {
    let uid: String
}

/// A tap of one student's history.
struct StudentTap: Sendable {
    let time: String
    let outcome: String
    let gate: String
    let note: String
}
