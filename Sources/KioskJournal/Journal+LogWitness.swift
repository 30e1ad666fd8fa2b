import GRDB
public import KioskCore
import KioskStore

/// How far the gate's signed log is signed, witnessed by the hub and sent to it.
public struct LogWitness: Sendable, Hashable {
    /// The size of the latest checkpoint the kiosk signed; 0 before any.
    public let signedSize: Int64
    /// The size of the latest checkpoint the hub cosigned; 0 before any.
    public let witnessedSize: Int64
    /// The kiosk's first own event not yet sent to the hub; nil when none is pending. A checkpoint stops before it,
    /// since the hub witnesses only what it holds.
    public let firstPendingSeq: Int64?
    /// The hub's refusal of the latest checkpoint it answered, nil when that one was cosigned (or none was posted).
    public let refusal: LogRefusal?

    /// The largest checkpoint the hub can witness now: the log up to its first pending event.
    public func sentSize(ofLogSize size: Int64) -> Int64 {
        firstPendingSeq.map { min(size, $0 - 1) } ?? size
    }
}

/// The hub's refusal of a checkpoint of the gate's log.
public struct LogRefusal: Sendable, Hashable {
    public let size: Int64
    public let reason: String
}

extension Journal {
    /// How far the gate's log is signed, witnessed and sent, read in one transaction.
    public func logWitness() async throws(KioskError) -> LogWitness {
        let kioskID = self.kioskID
        return try await read { db in
            let sizes = try Dictionary(
                Row.fetchAll(db, sql: "SELECT kind, size FROM log_checkpoint").map { row in (row["kind"] as String, row["size"] as Int64) },
                uniquingKeysWith: max
            )
            let firstPending = try Int64.fetchOne(
                db,
                sql: "SELECT seq FROM event WHERE kiosk_id = ? AND sync_state = 'pending' ORDER BY seq LIMIT 1",
                arguments: [kioskID]
            )
            let refusal = try Row.fetchOne(db, sql: "SELECT size, reason FROM log_refusal").map { row in
                LogRefusal(size: row["size"], reason: row["reason"])
            }
            return LogWitness(
                signedSize: sizes[KeptCheckpoint.Kind.signed.rawValue] ?? 0,
                witnessedSize: sizes[KeptCheckpoint.Kind.cosigned.rawValue] ?? 0,
                firstPendingSeq: firstPending,
                refusal: refusal
            )
        }
    }
}
