import Foundation
import GRDB
public import KioskCore
public import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func addPassRequest(_ request: PassRequest, links: [ApprovalLink], property: String) async throws(KioskError) -> Bool {
        let leave = request.leave
        return try await database.write { db in
            let status = try String.fetchOne(
                db,
                sql: "SELECT status FROM student WHERE property_id = ? AND id = ?",
                arguments: [property, leave.studentID]
            )
            guard status == StudentStatus.active.rawValue else { return false }
            try db.execute(
                sql: """
                    INSERT INTO pass_request (property_id, id, student_id, valid_from, valid_until, reason, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    property, request.id, leave.studentID, leave.from.storeMillis, leave.until.storeMillis, leave.reason,
                    request.createdAt.storeMillis,
                ]
            )
            let insert = try db.cachedStatement(
                sql: "INSERT INTO approval_link (token_hash, property_id, request_id, contact, expires_at) VALUES (?, ?, ?, ?, ?)"
            )
            for link in links {
                try insert.execute(arguments: [link.tokenHash, property, request.id, link.contact, link.expiresAt.storeMillis])
            }
            return true
        }
    }

    public func passRequests(property: String) async throws(KioskError) -> [PassRequest] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM pass_request WHERE property_id = ? ORDER BY created_at DESC, id DESC",
                arguments: [property]
            ).compactMap(Self.passRequest)
        }
    }

    public func passRequest(id: String, property: String) async throws(KioskError) -> PassRequest? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM pass_request WHERE property_id = ? AND id = ?", arguments: [property, id])
                .flatMap(Self.passRequest)
        }
    }

    public func approvalLink(tokenHash: String) async throws(KioskError) -> ApprovalLink? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM approval_link WHERE token_hash = ?", arguments: [tokenHash]).map { row in
                ApprovalLink(
                    tokenHash: row["token_hash"],
                    property: row["property_id"],
                    requestID: row["request_id"],
                    contact: row["contact"],
                    expiresAt: Date(storeMillis: row["expires_at"])
                )
            }
        }
    }

    public func decidePassRequest(
        id: String,
        property: String,
        decision: PassRequest.Decision,
        pass: LeavePass?
    ) async throws(KioskError) -> Bool {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE pass_request SET approved = ?, decided_by = ?, decided_at = ?, pass_id = ?
                    WHERE property_id = ? AND id = ? AND approved IS NULL
                    """,
                arguments: [decision.approved, decision.by, decision.at.storeMillis, decision.passID, property, id]
            )
            guard db.changesCount == 1 else { return false }
            if let pass { try LeavePassTable.insert(pass, scope: .property(property), db) }
            return true
        }
    }

    /// A stored request; nil for a row whose leave no longer passes the checks.
    private static func passRequest(_ row: Row) -> PassRequest? {
        guard
            let leave = try? LeavePassRequest(
                studentID: row["student_id"],
                from: Date(storeMillis: row["valid_from"]),
                until: Date(storeMillis: row["valid_until"]),
                reason: row["reason"]
            )
        else { return nil }
        let decision = (row["approved"] as Bool?).map { approved in
            PassRequest.Decision(
                approved: approved,
                by: row["decided_by"] ?? "",
                at: Date(storeMillis: row["decided_at"] ?? 0),
                passID: row["pass_id"]
            )
        }
        return PassRequest(id: row["id"], leave: leave, createdAt: Date(storeMillis: row["created_at"]), decision: decision)
    }
}
