public import Foundation

/// The muster list: every active student whose state is `in` at an instant (a fire drill, a night count), sorted
/// by room then name, each with the tap that put them in (none for a student in by the initial state).
public struct Muster: Sendable, Hashable {
    /// One student inside.
    public struct Entry: Sendable, Hashable {
        public let student: Student
        /// The accepted `in` tap that is their latest, or nil when they never tapped and start `in`.
        public let lastTap: AcceptedTap?
    }

    /// When the list holds.
    public let at: Date
    public let students: [Entry]

    /// The students of `facts` (read for the day containing `at`, evaluated at `at`) whose state at `at` is `in`:
    /// the direction of their latest accepted tap strictly before `at`, else `initialState`.
    public init(facts: AttendanceFacts, at instant: Date, initialState: Direction) {
        let byStudent = Dictionary(grouping: facts.taps.filter { $0.occurredAt < instant }, by: \.studentID)
        at = instant
        students = facts.students.filter { $0.status == .active }.compactMap { student in
            let latest = byStudent[student.id]?.max { $0.precedes($1) }
            return (latest?.direction ?? initialState) == .in ? Entry(student: student, lastTap: latest) : nil
        }
        .sorted { ($0.student.room, $0.student.name, $0.student.id) < ($1.student.room, $1.student.name, $1.student.id) }
    }
}
