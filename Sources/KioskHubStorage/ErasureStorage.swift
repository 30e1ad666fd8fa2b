public import Foundation
public import KioskCore
public import KioskLog

/// Erasing a student (CONTRACT.md "Erasure"): `HubStore` decides what changes, a backend carries it out in one
/// transaction and then leaves nothing erased readable in its files.
public protocol ErasureStorage: Sendable {
    /// Carries out `erasure` in one transaction: its events changed, the student's tags, passes and roster entry
    /// deleted, its alerts replaced, its audit entries emptied, the pseudonym kept for past reports. Returns how many
    /// passes it deleted.
    func erase(_ erasure: StudentErasurePlan) async throws(KioskError) -> Int
    /// Changes `events` of `property` as an erasure does, in one transaction: what arrives of a student after their
    /// erasure.
    func eraseEvents(_ events: [ErasedEvent], property: String) async throws(KioskError)
    /// The students `property` erased, oldest first.
    func erasedStudents(property: String) async throws(KioskError) -> [ErasedStudent]
    /// Rewrites what holds deleted or replaced rows (SQLite: the database file and its write-ahead log; PostgreSQL:
    /// the tables' dead rows), so that nothing erased stays readable in them.
    func compactAfterErasure() async throws(KioskError)
}

/// What erasing one student changes, as `HubStore` decided it.
public struct StudentErasurePlan: Sendable {
    public var property: String
    public var studentID: String
    /// `erased-<8 lowercase hex>`: their id in the events they made from now on.
    public var pseudonym: String
    public var erasedAt: Date
    /// `WireErasure.subject` of their id and of each of their cards.
    public var subjects: [String]
    /// The events changed: the erased student's id becomes the pseudonym, the UID goes.
    public var events: [ErasedEvent]
    /// The alerts that named them, redacted, whole.
    public var alerts: [Alert]
    /// The audit entries that named them: their content goes, their leaves' hashes stay.
    public var auditEntries: [RemovedLeaf]

    public init(
        property: String,
        studentID: String,
        pseudonym: String,
        erasedAt: Date,
        subjects: [String],
        events: [ErasedEvent],
        alerts: [Alert],
        auditEntries: [RemovedLeaf]
    ) {
        self.property = property
        self.studentID = studentID
        self.pseudonym = pseudonym
        self.erasedAt = erasedAt
        self.subjects = subjects
        self.events = events
        self.alerts = alerts
        self.auditEntries = auditEntries
    }
}

/// One event an erasure changes.
public struct ErasedEvent: Sendable, Hashable {
    public var id: String
    /// The hash of its leaf before the change, which stays its place in its kiosk's log; nil for an event no leaf
    /// encodes.
    public var leafHash: MerkleHash?
    /// Its student id afterwards: the pseudonym for the erased student's, any other as it was.
    public var studentID: String?
    /// What stays of its reason: the text without the student's id, name and UIDs.
    public var reason: String?

    public init(id: String, leafHash: MerkleHash?, studentID: String?, reason: String?) {
        self.id = id
        self.leafHash = leafHash
        self.studentID = studentID
        self.reason = reason
    }
}
