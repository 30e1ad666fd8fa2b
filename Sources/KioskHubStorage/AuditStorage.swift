public import Foundation
public import KioskCore
public import KioskLog

/// The hub's own actions, one audit log per property (CONTRACT.md "Signed logs"): the entries, in seq order with no
/// gap, and the latest checkpoint the hub signed of each. The tree's nodes are kept as `LogStorage` keeps every log's.
public protocol AuditStorage: Sendable {
    /// Appends `entry` to its property's audit log with the next seq (its own `seq` is ignored); returns it as stored.
    func appendAuditEntry(_ entry: AuditEntry) async throws(KioskError) -> AuditEntry
    /// Up to `limit` of `property`'s audit entries from `seq` on, in seq order.
    func auditEntries(property: String, fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [AuditEntry]
    /// The properties with an audit log, sorted.
    func auditedProperties() async throws(KioskError) -> [String]
    /// The properties whose audit log holds entries no signed checkpoint covers yet, sorted: one query, whatever the
    /// number of properties.
    func auditLogsAhead() async throws(KioskError) -> [String]
    /// The latest checkpoint the hub signed of `property`'s audit log, nil for none.
    func auditCheckpoint(property: String) async throws(KioskError) -> AuditCheckpoint?
    /// Stores `checkpoint` as `property`'s latest unless a larger one is stored.
    func storeAuditCheckpoint(_ checkpoint: AuditCheckpoint, property: String, at instant: Date) async throws(KioskError)
}

/// One action of the hub, as its property's audit log holds it.
public struct AuditEntry: Sendable, Hashable {
    /// A UUID, lowercase.
    public var id: String
    public var property: String
    /// Its place in the property's audit log, from 1.
    public var seq: Int64
    public var at: Date
    /// `user:NAME`, `cli:UNIXUSER`, `parent:CONTACT` or `system`.
    public var actor: String
    /// One of `AuditAction`'s names.
    public var action: String
    /// What it acted on: a student id, a user, a token id, a request id; empty if none.
    public var subject: String
    /// One line of text; empty if none.
    public var detail: String
    /// For an entry an erasure emptied (its actor, subject and detail gone): the hash its leaf had, which stays its
    /// place in the log.
    public var removedLeafHash: MerkleHash?

    public init(
        id: String,
        property: String,
        seq: Int64,
        at: Date,
        actor: String,
        action: String,
        subject: String,
        detail: String,
        removedLeafHash: MerkleHash? = nil
    ) {
        self.removedLeafHash = removedLeafHash
        self.id = id
        self.property = property
        self.seq = seq
        self.at = at
        self.actor = actor
        self.action = action
        self.subject = subject
        self.detail = detail
    }
}

/// A signed checkpoint of an audit log and its size.
public struct AuditCheckpoint: Sendable, Hashable {
    public var size: Int64
    /// The signed note's text.
    public var text: String

    public init(size: Int64, text: String) {
        self.size = size
        self.text = text
    }
}
