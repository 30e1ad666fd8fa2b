public import Foundation
import GRDB
public import KioskCore
import KioskStore

/// Why the last exchange with the hub failed.
public enum SyncFailureKind: String, Sendable, Hashable {
    /// The hub refused the token (HTTP 401 or 403): nothing is pushed until the token file holds another one.
    case tokenRejected = "token-rejected"
    /// The token file is missing, unreadable or malformed: nothing is pushed until it is fixed.
    case tokenUnreadable = "token-unreadable"
    /// The hub did not answer usefully (unreachable, timeout, 5xx): retried with backoff.
    case hubUnavailable = "hub-unavailable"

    /// Whether pushing waits for someone to fix the token rather than for the hub.
    public var needsNewToken: Bool { self != .hubUnavailable }
}

/// What the kiosk remembers about talking to its hub, for `kiosk status`.
public struct SyncStatus: Sendable, Hashable {
    /// When the hub last acknowledged a batch.
    public let lastSuccessAt: Date?
    /// The last failure, e.g. "token rejected (HTTP 401)" or "hub unreachable: connection refused".
    public let lastError: String?
    /// What kind of failure `lastError` is.
    public let lastErrorKind: SyncFailureKind?
    public let lastErrorAt: Date?
    /// When the kiosk will try again after that failure.
    public let nextRetryAt: Date?
}

extension Journal {
    /// Remembers a successful exchange with the hub; the last error is cleared.
    public func recordSyncSuccess(at instant: Date) async throws(KioskError) {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE sync_status SET last_success_at = ?, last_error = NULL, last_error_kind = NULL, last_error_at = NULL,
                        next_retry_at = NULL
                    """,
                arguments: [instant.storeMillis]
            )
        }
    }

    /// Remembers a failure of `kind` and when the next attempt is due (nil when pushing waits for a new token).
    public func recordSyncFailure(_ kind: SyncFailureKind, _ error: String, at instant: Date, nextRetryAt: Date?) async throws(KioskError) {
        try await write { db in
            try db.execute(
                sql: "UPDATE sync_status SET last_error_kind = ?, last_error = ?, last_error_at = ?, next_retry_at = ?",
                arguments: [kind.rawValue, error, instant.storeMillis, nextRetryAt?.storeMillis]
            )
        }
    }

    /// The remembered state of syncing.
    public func syncStatus() async throws(KioskError) -> SyncStatus {
        try await read { db in
            let row = try Row.fetchOne(db, sql: "SELECT * FROM sync_status WHERE id = 1")
            let instant = { (column: String) -> Date? in (row?[column] as Int64?).map(Date.init(storeMillis:)) }
            return SyncStatus(
                lastSuccessAt: instant("last_success_at"),
                lastError: row?["last_error"],
                lastErrorKind: (row?["last_error_kind"] as String?).flatMap(SyncFailureKind.init(rawValue:)),
                lastErrorAt: instant("last_error_at"),
                nextRetryAt: instant("next_retry_at")
            )
        }
    }
}
