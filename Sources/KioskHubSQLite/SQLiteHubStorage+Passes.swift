public import Foundation
import GRDB
public import KioskCore
import KioskHubStorage
import KioskStore

extension SQLiteHubStorage {
    public func addPass(_ pass: LeavePass, property: String) async throws(KioskError) {
        try await database.write { db in try LeavePassTable.insert(pass, scope: .property(property), db) }
    }

    public func removePass(id: String, property: String) async throws(KioskError) -> Bool {
        try await database.write { db in try LeavePassTable.remove(id: id, scope: .property(property), db) }
    }

    public func passes(property: String, from start: Date?, through end: Date?) async throws(KioskError) -> [LeavePass] {
        try await database.read { db in try LeavePassTable.passes(scope: .property(property), from: start, through: end, db) }
    }
}
