import Foundation
public import KioskCore
public import KioskHubStorage
import KioskStore
import PostgresNIO

extension PostgresHubStorage {
    public func addPassRequest(_ request: PassRequest, links: [ApprovalLink], property: String) async throws(KioskError) -> Bool {
        let leave = request.leave
        return try await failing("write failed, the request was not made") {
            try await transaction { connection in
                let status = try await run(
                    "SELECT status FROM student WHERE property_id = \(property) AND id = \(leave.studentID) FOR SHARE",
                    on: connection
                ).decode(String.self).first
                guard status == StudentStatus.active.rawValue else { return false }
                try await run(
                    """
                    INSERT INTO pass_request (property_id, id, student_id, valid_from, valid_until, reason, created_at)
                    VALUES (\(property), \(request.id), \(leave.studentID), \(leave.from.storeMillis), \(leave.until.storeMillis),
                            \(leave.reason), \(request.createdAt.storeMillis))
                    """,
                    on: connection
                )
                for link in links {
                    try await run(
                        """
                        INSERT INTO approval_link (token_hash, property_id, request_id, contact, expires_at)
                        VALUES (\(link.tokenHash), \(property), \(request.id), \(link.contact), \(link.expiresAt.storeMillis))
                        """,
                        on: connection
                    )
                }
                return true
            }
        }
    }

    public func passRequests(property: String) async throws(KioskError) -> [PassRequest] {
        try await failing("read failed") {
            let rows = try await query("\(unescaped: Self.requestColumns) WHERE property_id = \(property) ORDER BY created_at DESC, id DESC")
            return try Self.passRequests(rows)
        }
    }

    public func passRequest(id: String, property: String) async throws(KioskError) -> PassRequest? {
        try await failing("read failed") {
            let rows = try await query("\(unescaped: Self.requestColumns) WHERE property_id = \(property) AND id = \(id)")
            return try Self.passRequests(rows).first
        }
    }

    public func approvalLink(tokenHash: String) async throws(KioskError) -> ApprovalLink? {
        try await failing("read failed") {
            try await query("SELECT property_id, request_id, contact, expires_at FROM approval_link WHERE token_hash = \(tokenHash)")
                .decode((String, String, String, Int64).self)
                .map { property, requestID, contact, expiresAt in
                    ApprovalLink(
                        tokenHash: tokenHash,
                        property: property,
                        requestID: requestID,
                        contact: contact,
                        expiresAt: Date(storeMillis: expiresAt)
                    )
                }
                .first
        }
    }

    public func decidePassRequest(
        id: String,
        property: String,
        decision: PassRequest.Decision,
        pass: LeavePass?
    ) async throws(KioskError) -> Bool {
        try await failing("write failed, the request is undecided") {
            try await transaction { connection in
                let decided = try await run(
                    """
                    UPDATE pass_request SET approved = \(decision.approved), decided_by = \(decision.by),
                        decided_at = \(decision.at.storeMillis), pass_id = \(decision.passID)
                    WHERE property_id = \(property) AND id = \(id) AND approved IS NULL RETURNING id
                    """,
                    on: connection
                )
                guard !decided.isEmpty else { return false }
                if let pass {
                    try await run(
                        """
                        INSERT INTO pass (property_id, id, student_id, valid_from, valid_until, reason)
                        VALUES (\(property), \(pass.id), \(pass.studentID), \(pass.from.storeMillis), \(pass.until.storeMillis), \(pass.reason))
                        """,
                        on: connection
                    )
                }
                return true
            }
        }
    }

    private static let requestColumns =
        "SELECT id, student_id, valid_from, valid_until, reason, created_at, approved, decided_by, decided_at, pass_id FROM pass_request"

    /// The requests of `rows`, skipping any whose leave no longer passes the checks.
    private static func passRequests(_ rows: [PostgresRow]) throws -> [PassRequest] {
        try rows.decode((String, String, Int64, Int64, String, Int64, Bool?, String?, Int64?, String?).self).compactMap {
            id,
            studentID,
            from,
            until,
            reason,
            createdAt,
            approved,
            decidedBy,
            decidedAt,
            passID in
            guard
                let leave = try? LeavePassRequest(
                    studentID: studentID,
                    from: Date(storeMillis: from),
                    until: Date(storeMillis: until),
                    reason: reason
                )
            else { return nil }
            let decision = approved.map {
                PassRequest.Decision(approved: $0, by: decidedBy ?? "", at: Date(storeMillis: decidedAt ?? 0), passID: passID)
            }
            return PassRequest(id: id, leave: leave, createdAt: Date(storeMillis: createdAt), decision: decision)
        }
    }
}
