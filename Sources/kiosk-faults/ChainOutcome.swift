import Foundation
import GRDB
import KioskCore
import KioskJournal
import KioskTesting

/// What R7 finds once every journal is drained: the hub's event rows (read in PostgreSQL itself), each journal's own
/// events and sync state, the reports on both sides, what the hubs logged, the kiosks' retries, and what the watching
/// gate was handed by the pull feed.
struct ChainOutcome {
    let rows: [HubEventRow]
    /// Each kiosk's own event ids, read from its journal file.
    let journalIDs: [String: Set<String>]
    let pending: Int
    let quarantined: Int
    let reports: ChainReports
    /// Every retry delay the engines chose, in seconds.
    let delays: [Double]
    /// Every answer that asked a kiosk to wait (a hub's 503 or the proxy's injected 502), with how long it did.
    let waits: [RetryWait]
    /// Pushes the kiosks sent through their proxies.
    let proxied: Int
    /// Pushes each hub answered, and how many of them with 503.
    let answered: [Int]
    let unavailable: [Int]
    /// How long each hub took to exit on SIGTERM; nil when it had not within 10 s (and was killed).
    let stops: [Duration?]
    let followed: FeedWatch.Followed

    init(
        kiosks: [ChainKiosk],
        hubs: [HubProcess],
        stops: [Duration?],
        databaseURL: String,
        since: Date,
        delays: [Double],
        followed: FeedWatch.Followed
    ) async throws {
        rows = try await PostgresCluster.hubEvents(at: databaseURL)
        var journalIDs: [String: Set<String>] = [:]
        var (pending, quarantined, proxied) = (0, 0, 0)
        var waits: [RetryWait] = []
        for kiosk in kiosks {
            journalIDs[kiosk.id] = try await Self.ownEventIDs(kiosk)
            let counts = try await kiosk.journal.syncCounts()
            pending += counts.pending
            quarantined += counts.quarantined
            waits += await kiosk.script.waits
            proxied += await kiosk.script.pushes
        }
        (self.journalIDs, self.pending, self.quarantined, self.proxied, self.waits) = (journalIDs, pending, quarantined, proxied, waits)
        reports = try await ChainReports(kiosks, databaseURL: databaseURL, since: since)
        answered = hubs.map { $0.requests("POST", "/v1/events") }
        unavailable = hubs.map { $0.requests("POST", "/v1/events", status: 503) }
        self.delays = delays
        self.stops = stops
        self.followed = followed
    }

    var counts: [Count] {
        [
            Count(label: "pushes", value: Double(proxied)), Count(label: "pushes answered by hub 1", value: Double(answered[0])),
            Count(label: "by hub 2", value: Double(answered[1])), Count(label: "503 from the hubs", value: Double(unavailable.reduce(0, +))),
            Count(label: "retries", value: Double(delays.count)), Count(label: "answers with Retry-After", value: Double(waits.count)),
            Count(label: "pages pulled by the watching gate", value: Double(followed.pages)),
        ]
    }

    /// The invariants over `events` events, the events pending at each database restart, and the backoff's cap.
    func invariants(events: Int, restarts: [Int], cap: Duration) -> [Invariant] {
        let hubIDs = Dictionary(grouping: rows, by: \.kioskID).mapValues { Set($0.map(\.id)) }
        let distinct = Set(rows.map(\.id)).count
        let matching = journalIDs.filter { hubIDs[$0.key] == $0.value }.count
        let own = journalIDs.values.map(\.count).reduce(0, +)
        let tooSoon = waits.filter { wait in wait.waited.map { $0 < min(wait.asked, cap) } ?? false }
        let shortest = waits.compactMap { wait in wait.waited.map { ($0 - min(wait.asked, cap)).seconds } }.min() ?? 0
        return [
            Invariant(
                statement: "every event stored once in PostgreSQL",
                held: rows.count == events && distinct == events,
                detail: "\(rows.count) rows, \(distinct) distinct ids for \(events) events"
            ),
            Invariant(
                statement: "each journal's own events are exactly the hub's events of that kiosk; nothing pending or quarantined",
                held: matching == journalIDs.count && own == events && pending == 0 && quarantined == 0,
                detail:
                    "\(matching) of \(journalIDs.count) kiosks match, \(own) events in the journals; pending \(pending), quarantined \(quarantined)"
            ),
            Invariant(
                statement: "each kiosk's daily report equals the hub's for its own students",
                held: reports.mismatches.isEmpty && reports.taps == events,
                detail: "\(reports.studentDays) student-days with \(reports.taps) taps compared, \(reports.mismatches.count) differ"
                    + (reports.mismatches.isEmpty ? "" : ": " + reports.mismatches.prefix(3).joined(separator: "; "))
            ),
            Invariant(
                statement: "every retry delay within [0, cap \(Int(cap.seconds)) s]; no kiosk back before the Retry-After it was given",
                held: delays.allSatisfy { $0 >= 0 && $0 <= cap.seconds } && tooSoon.isEmpty,
                detail: "\(delays.count) delays, max \(String(format: "%.3f", delays.max() ?? 0)) s; \(waits.count) answers with Retry-After, "
                    + "\(tooSoon.count) retried sooner (closest margin \(String(format: "%.3f", shortest)) s)"
            ),
            Invariant(
                statement: "no request left waiting on the database: each hub exits on SIGTERM within 10 s",
                held: stops.allSatisfy { $0 != nil },
                detail: stops.map { $0.map { String(format: "%.3f s", $0.seconds) } ?? "not within 10 s" }.joined(separator: ", ")
            ),
            Invariant(
                statement: "a gate paging the pull feed through both hubs while they inserted at once got every event once",
                held: followed.ids.count == events && Set(followed.ids).count == events,
                detail: "\(followed.ids.count) events in \(followed.pages) pages, \(Set(followed.ids).count) distinct, of \(events)"
            ),
            Invariant(
                statement: "both database restarts while events were pending; both hubs took pushes",
                held: restarts.count == 2 && answered.allSatisfy { $0 > 0 },
                detail: "restarts with \(restarts.map(String.init).joined(separator: " and ")) events pending; pushes answered \(answered)"
            ),
        ]
    }

    /// The ids of the events the kiosk recorded itself, read from its journal file.
    private static func ownEventIDs(_ kiosk: ChainKiosk) async throws -> Set<String> {
        let queue = try DatabaseQueue(path: kiosk.journalPath)
        defer { try? queue.close() }
        return try await queue.read { db in try String.fetchSet(db, sql: "SELECT id FROM event WHERE kiosk_id = ?", arguments: [kiosk.id]) }
    }
}
