public import Foundation
public import GRDB
public import KioskCore

/// The leave passes as every SQLite store keeps them (the `pass` table; the hub's has a `property_id` column), written
/// once for the kiosk's journal and the hub. Instants are Unix milliseconds, as in `event`.
public enum LeavePassTable {
    /// Stores `pass` for an active student of `scope`; an unknown or inactive student is bad data (65) naming them.
    public static func insert(_ pass: LeavePass, scope: StoreScope = .whole, _ db: Database) throws {
        let status = try String.fetchOne(
            db,
            sql: "SELECT status FROM student WHERE id = ?\(scope.condition())",
            arguments: [pass.studentID] + scope.arguments
        )
        guard let status else { throw KioskError(.dataError, "unknown student '\(pass.studentID)'", domain: .notFound) }
        guard status == StudentStatus.active.rawValue else {
            throw KioskError(.dataError, "student '\(pass.studentID)' is inactive; a leave pass needs an active student")
        }
        try db.execute(
            sql: "INSERT INTO pass (id, student_id, valid_from, valid_until, reason\(scope.column)) VALUES (?, ?, ?, ?, ?\(scope.placeholder))",
            arguments: [pass.id, pass.studentID, pass.from.storeMillis, pass.until.storeMillis, pass.reason] + scope.arguments
        )
    }

    /// Removes the pass `id` of `scope`; false when there is none.
    public static func remove(id: String, scope: StoreScope = .whole, _ db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM pass WHERE id = ?\(scope.condition())", arguments: [id] + scope.arguments)
        return db.changesCount > 0
    }

    /// The passes of `scope` covering some instant of [`start`, `end`] (every pass when both are nil), by start,
    /// then id.
    public static func passes(scope: StoreScope = .whole, from start: Date? = nil, through end: Date? = nil, _ db: Database) throws -> [LeavePass] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM pass WHERE valid_until >= ? AND valid_from <= ?\(scope.condition()) ORDER BY valid_from, id"),
            arguments: [start?.storeMillis ?? Int64.min, end?.storeMillis ?? Int64.max] + scope.arguments
        ).map(pass)
    }

    /// The pass of `studentID` covering an OUT at `instant`, which the kiosk names when it greets it; nil for any
    /// other outcome.
    public static func pass(covering outcome: TapOutcome, of studentID: String?, at instant: Date, _ db: Database) throws -> LeavePass? {
        guard outcome == .out, let studentID else { return nil }
        // Prepared once per connection: it is on the path of every OUT.
        let statement = try db.cachedStatement(
            sql: "SELECT * FROM pass WHERE student_id = ? AND valid_until >= ? AND valid_from <= ? ORDER BY valid_from, id"
        )
        return try Row.fetchAll(statement, arguments: [studentID, instant.storeMillis, instant.storeMillis]).map(pass)
            .covering(instant, studentID: studentID)
    }

    private static func pass(_ row: Row) -> LeavePass {
        LeavePass(
            id: row["id"],
            studentID: row["student_id"],
            from: Date(storeMillis: row["valid_from"]),
            until: Date(storeMillis: row["valid_until"]),
            reason: row["reason"]
        )
    }

    /// Makes `passes` the whole set, as the hub sends it to a kiosk.
    public static func replace(with passes: [LeavePass], _ db: Database) throws {
        try db.execute(sql: "DELETE FROM pass")
        for pass in passes {
            try db.execute(
                sql: "INSERT INTO pass (id, student_id, valid_from, valid_until, reason) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING",
                arguments: [pass.id, pass.studentID, pass.from.storeMillis, pass.until.storeMillis, pass.reason]
            )
        }
    }
}
