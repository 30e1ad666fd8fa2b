import Foundation
import KioskTesting

/// One round of R4 against a running kiosk: taps before, during and after a fault of the journal's storage,
/// and what the journal holds at each step.
struct JournalFaultRound {
    let counts: [Count]
    let invariants: [Invariant]

    static let before = 10
    static let during = 5
    static let after = 5

    /// Starts the kiosk, taps, injects the fault (given the kiosk's pid), taps, lifts it, taps, and checks.
    static func run(
        name: String,
        configIn directory: URL,
        data: URL,
        inject: @escaping @Sendable (Int32) throws -> Void,
        lift: @escaping @Sendable (Int32) throws -> Void
    ) async throws -> JournalFaultRound {
        var kiosk = try await KeyboardKiosk(configIn: directory, data: data, students: before + during + after)
        var recorded = 0
        for n in 0..<before where try await kiosk.tap(student: n) { recorded += 1 }
        let pid = kiosk.process.pid
        try await DedicatedThread.run { try inject(pid) }
        var refused = 0
        for n in before..<(before + during) {
            if try await kiosk.tap(student: n) { recorded += 1 } else { refused += 1 }
        }
        let duringFault = try JournalInspection(path: kiosk.journalPath)
        try await DedicatedThread.run { try lift(pid) }
        var resumed = 0
        for n in (before + during)..<(before + during + after) where try await kiosk.tap(student: n) { resumed += 1 }
        recorded += resumed
        try await kiosk.process.terminate()
        let final = try JournalInspection(path: kiosk.journalPath)
        return JournalFaultRound(
            counts: [
                Count(label: "\(name): taps recorded", value: Double(recorded)), Count(label: "\(name): taps refused", value: Double(refused)),
                Count(label: "\(name): events in journal", value: Double(final.eventIDs.count)),
            ],
            invariants: [
                Invariant(
                    statement: "\(name): taps during the fault are refused visibly",
                    held: refused > 0 && refused + (recorded - resumed - before) == during,
                    detail: "\(refused) of \(during) refused with a \"not recorded\" line"
                ),
                Invariant(
                    statement: "\(name): nothing recorded is lost or counted twice",
                    held: duringFault.eventIDs.count == recorded - resumed && final.eventIDs.count == recorded,
                    detail: "\(final.eventIDs.count) events for \(recorded) recorded taps (\(duringFault.eventIDs.count) during the fault)"
                ),
                Invariant(
                    statement: "\(name): recording resumes when the fault ends",
                    held: resumed == after,
                    detail: "\(resumed) of \(after) taps after it recorded"
                ),
                Invariant(
                    statement: "\(name): PRAGMA integrity_check is ok",
                    held: duringFault.integrity == "ok" && final.integrity == "ok",
                    detail: "during: \(duringFault.integrity); after: \(final.integrity)"
                ),
            ]
        )
    }
}
