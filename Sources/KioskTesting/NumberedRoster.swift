public import Foundation
public import KioskCore
public import KioskJournal

/// Students S0, S1, ... with one card each, for journals built by the benchmarks and fault scenarios.
public enum NumberedRoster {
    /// Student `n`'s card UID in hex: 4 bytes, unique per student.
    public static func cardUID(_ n: Int) -> String { String(format: "04%06X", n) }

    /// Student `n`'s card.
    public static func card(_ n: Int) throws -> TagUID { try TagUID(parsing: cardUID(n)) }

    /// The roster CSV of students S0 ... S(count-1).
    public static func csv(students count: Int) -> String {
        (["student_id,name,room,tag_uid"] + (0..<count).map { "S\($0),Student \($0),\(100 + $0 % 400),\(cardUID($0))" }).joined(separator: "\n")
    }

    /// A journal at `path` of kiosk `kioskID` holding students S0 ... S(count-1).
    public static func journal(at path: String, kioskID: String, students count: Int) async throws -> Journal {
        let journal = try Journal.open(path: path, kioskID: kioskID)
        let rows = try RosterCSV.parse(csv(students: count), file: "numbered roster")
        _ = try await journal.importRoster(rows, file: "numbered roster", replace: true)
        return journal
    }

    /// An accepted tap of student `student` as kiosk `kioskID` records it: the `seq`-th event, at `instant`.
    public static func tapEvent(kioskID: String, seq: Int64, student: Int, direction: Direction, at instant: Date) -> EventRecord {
        EventRecord(
            id: EventID.make(at: instant),
            kioskID: kioskID,
            seq: seq,
            reader: "entrance",
            uid: try? card(student),
            studentID: "S\(student)",
            kind: .tap,
            direction: direction,
            outcome: .accepted,
            reason: nil,
            occurredAt: instant,
            recordedAt: instant,
            monotonicNanoseconds: seq * 1_000_000,
            bootID: "00000000-0000-0000-0000-000000000000",
            clockSynchronised: true
        )
    }
}
