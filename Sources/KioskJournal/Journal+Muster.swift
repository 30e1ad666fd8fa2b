public import Foundation
import GRDB
public import KioskCore
import KioskStore

extension Journal {
    /// Who is in at `instant` by this journal's records, and the kiosk of each one's latest tap.
    public func muster(at instant: Date, policy: AttendancePolicy) async throws(KioskError) -> (muster: Muster, kiosks: [EventID: String]) {
        try await read { db in
            let facts = try AttendanceFacts(db, from: policy.start(of: policy.attendanceDay(containing: instant)), to: instant, policy: policy)
            let muster = Muster(facts: facts, at: instant, initialState: policy.initialState)
            return (muster, try EventColumns.kioskIDs(of: muster.students.compactMap(\.lastTap?.eventID), db))
        }
    }
}
