import Foundation
import KioskCore

/// Shared helpers: zones, policies, instants built independently of KioskCore's calendar code, and a tap log.
enum Core {
    static let kolkata = TimeZone(identifier: "Asia/Kolkata")!
    static let london = TimeZone(identifier: "Europe/London")!

    static func time(_ text: String) -> TimeOfDay { TimeOfDay(parsing: text)! }
    static func date(_ text: String) -> AttendanceDate { AttendanceDate(parsing: text)! }

    /// The contract's example policy: Asia/Kolkata, day starts 04:00, curfew 22:30, debounce 10 s.
    static func policy(
        zone: TimeZone = kolkata,
        dayStartsAt: String = "04:00",
        curfew: String = "22:30",
        debounce: Int = 10,
        initial: Direction = .in
    ) -> AttendancePolicy {
        AttendancePolicy(
            timeZone: zone,
            dayStartsAt: time(dayStartsAt),
            curfew: time(curfew),
            debounceSeconds: debounce,
            initialState: initial
        )
    }

    static func rules(curfew: String = "22:30", debounce: Int = 10, initial: Direction = .in) -> AttendanceRules {
        AttendanceRules(policy: policy(curfew: curfew, debounce: debounce, initial: initial))
    }

    /// `date` (YYYY-MM-DD) at `clock` (HH:MM or HH:MM:SS) wall time in `zone`, plus `ms` milliseconds.
    static func at(_ date: String, _ clock: String, in zone: TimeZone = kolkata, ms: Int = 0) -> Date {
        let d = date.split(separator: "-").map { Int($0)! }
        let t = clock.split(separator: ":").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = DateComponents(year: d[0], month: d[1], day: d[2], hour: t[0], minute: t[1], second: t.count > 2 ? t[2] : 0)
        return calendar.date(from: parts)!.addingTimeInterval(Double(ms) / 1000)
    }

    static func student(_ id: String, _ status: StudentStatus = .active) -> Student {
        Student(id: id, name: "Name \(id)", room: "R-\(id)", status: status)
    }

    static func eventID(_ n: Int) -> EventID {
        let digits = String(n)
        return EventID(rawValue: String(repeating: "0", count: max(0, 12 - digits.count)) + digits)
    }

    static func uid(_ text: String) -> TagUID { try! TagUID(parsing: text) }
}

/// Accepted taps in recording order, with increasing event ids.
struct TapLog {
    private(set) var taps: [AcceptedTap] = []

    mutating func add(_ student: String, _ instant: Date, _ direction: Direction) {
        taps.append(AcceptedTap(studentID: student, occurredAt: instant, direction: direction, eventID: Core.eventID(taps.count)))
    }
}

extension DailyAttendance {
    func row(_ id: String) -> StudentAttendance? { students.first { $0.student.id == id } }
}

/// One read as a kiosk sees it: a student's tag (or an unknown tag) at an instant, on a reader.
struct SimulatedRead: Sendable, Hashable {
    enum Subject: Sendable, Hashable {
        case student(String)
        case unknown(TagUID)
    }
    var subject: Subject
    var occurredAt: Date
    var reader: ReaderDirection
}

/// Feeds reads through `AttendanceRules.decide` in time order, keeping what a journal would keep.
struct ReadSimulator {
    let rules: AttendanceRules
    /// Ids of students whose tags map to an active student; reads of anyone else are unknown reads.
    let activeIDs: Set<String>
    private(set) var accepted: [AcceptedTap] = []
    /// The reader of each accepted tap, parallel to `accepted`.
    private(set) var acceptedReaders: [ReaderDirection] = []
    private(set) var unknownReads: [UnknownRead] = []
    private(set) var ignored: [SimulatedRead] = []
    private var latest: [String: AcceptedTap] = [:]
    private var lastInstant = Date.distantPast

    init(rules: AttendanceRules, activeIDs: Set<String>) {
        self.rules = rules
        self.activeIDs = activeIDs
    }

    /// Records one read; reads must come in non-decreasing time order. Returns the decision, nil for an unknown read.
    @discardableResult
    mutating func feed(_ read: SimulatedRead) -> TapDecision? {
        precondition(read.occurredAt >= lastInstant, "reads must be fed in time order")
        lastInstant = read.occurredAt
        switch read.subject {
        case .unknown(let uid):
            unknownReads.append(UnknownRead(uid: uid, occurredAt: read.occurredAt))
            return nil
        case .student(let id) where !activeIDs.contains(id):
            unknownReads.append(UnknownRead(uid: Self.uid(ofInactive: id), occurredAt: read.occurredAt))
            return nil
        case .student(let id):
            let decision = rules.decide(at: read.occurredAt, reader: read.reader, latestAccepted: latest[id])
            switch decision {
            case .accepted(let direction):
                let tap = AcceptedTap(studentID: id, occurredAt: read.occurredAt, direction: direction, eventID: Core.eventID(accepted.count))
                accepted.append(tap)
                acceptedReaders.append(read.reader)
                latest[id] = tap
            case .ignored:
                ignored.append(read)
            }
            return decision
        }
    }

    /// Feeds reads sorted by time; reads at the same instant keep their order in `reads`.
    mutating func feed(all reads: [SimulatedRead]) {
        let ordered = reads.enumerated().sorted { ($0.element.occurredAt, $0.offset) < ($1.element.occurredAt, $1.offset) }
        for (_, read) in ordered { feed(read) }
    }

    /// A stable 4-byte UID for an inactive student's tag, e.g. "S3" -> 00000003... (any valid UID works).
    static func uid(ofInactive id: String) -> TagUID {
        let n = UInt32(truncatingIfNeeded: id.unicodeScalars.reduce(7) { $0 &* 31 &+ Int($1.value) })
        return try! TagUID(bytes: [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)])
    }
}

/// The accepted taps without their event ids, for comparing histories built by different simulations.
func facts(_ taps: [AcceptedTap]) -> [String] {
    taps.map { "\($0.studentID)@\($0.occurredAt.timeIntervalSince1970)=\($0.direction)" }
}
