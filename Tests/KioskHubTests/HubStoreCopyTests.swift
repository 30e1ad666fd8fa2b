import Foundation
import KioskCore
import KioskReports
import KioskTesting
import KioskWire
import Testing

@testable import KioskHub
@testable import KioskHubDatabase
@testable import KioskHubPostgres
@testable import KioskHubSQLite
@testable import KioskHubStorage

/// `kiosk-hub migrate-store`: a SQLite hub copied into an empty PostgreSQL database answers every kiosk exactly as
/// before (the same tokens, rosters, events at the same cursors, reports byte for byte), every warden as before (the
/// same passwords, a disabled account still disabled) and sends no alert twice. Needs `KIOSK_TEST_POSTGRES_SERVER`.
@Suite struct HubStoreCopyTests {
    static let north = HubProperty(
        id: "north",
        name: "North Block",
        policy: AttendancePolicy(timeZone: .gmt, curfew: TimeOfDay(hour: 21, minute: 0)!)
    )

    static let wardenPassword = "north-warden-pw"
    static let created = Date(timeIntervalSince1970: 1_763_750_000)

    /// A SQLite hub with two properties, their rosters, a leave pass, pass requests, kiosks' and the operator's tokens, events of both,
    /// a warden and a disabled operator, a gate's last contact, and alerts delivered, failed and pending.
    private static func sqliteHub(in scratch: ScratchDirectory) async throws -> (store: HubStore, tokens: [String]) {
        let store = try HubStore.open(dataDirectory: scratch.path)
        try await store.createProperty(north)
        let south =
            "student_id,name,room,tag_uid,parent_contact\nS001,Asha,101,04A1B2C3,+919812345678;mother@example.org\n"
            + "S002,Priya,102,04A1B2C4,\nS002,Priya,102,04A1B2C6,\n"
        _ = try await store.importRoster(try RosterCSV.parse(south, file: "s.csv"), file: "s.csv", replace: false)
        let northCSV = "student_id,name,room,tag_uid\nS001,Ravi,201,04A1B2C3\n"
        _ = try await store.importRoster(try RosterCSV.parse(northCSV, file: "n.csv"), file: "n.csv", replace: false, property: "north")
        let leave = try LeavePassRequest(
            studentID: "S001",
            from: Date(timeIntervalSince1970: 1_763_700_000),
            until: Date(timeIntervalSince1970: 1_763_800_000),
            reason: "home"
        )
        _ = try await store.createPass(leave, property: "north")
        // Pass requests of S001 at `default`, one approved and one pending, a week after the reports' day.
        let later = try LeavePassRequest(
            studentID: "S001",
            from: created.addingTimeInterval(7 * 86_400),
            until: created.addingTimeInterval(8 * 86_400),
            reason: "fest"
        )
        let approved = try await store.requestPass(later, property: "default", settings: PassRequestSettings(), now: created)
        _ = try await store.requestPass(later, property: "default", settings: PassRequestSettings(), now: created.addingTimeInterval(1))
        try await store.decidePassRequest(id: approved.id, property: "default", approve: true, now: created)
        let tokens = [
            try await store.createToken(kioskID: "gate-1"), try await store.createToken(kioskID: "north-1", property: "north"),
            try await store.createOperatorToken(),
        ]
        _ = try await store.store(HubFixture.batch(kiosk: "gate-1", count: 30).events, receivedAt: Date(timeIntervalSince1970: 1_763_700_000.123))
        _ = try await store.store(HubFixture.batch(kiosk: "north-1", count: 20).events, property: "north")
        _ = try await store.store(HubFixture.batch(kiosk: "gate-2", count: 5).events)
        _ = try await store.createUser(name: "meera", role: .warden(property: "north"), password: wardenPassword)
        _ = try await store.createUser(name: "ops", role: .chainOperator, password: "operator-pw-1")
        try await store.disableUser(named: "ops")
        try await store.storage.noteContact(kioskID: "north-1", property: "north", at: created)
        let outcomes: [(String, DeliveryOutcome?)] = [
            ("north-1", .delivered(at: created)), ("north-2", .failed(error: "HTTP 500", at: created)), ("north-3", nil),
        ]
        for (kiosk, outcome) in outcomes {
            let alert = Alert(id: "offline-\(kiosk)", event: .gateOffline, property: "north", at: "2026-11-21T20:00:00Z", kiosk: kiosk)
            _ = try await store.storage.addAlert(alert, property: "north", channels: ["hook"], createdAt: created)
            if let outcome {
                try await store.storage.finishDelivery(DueDelivery(alert: alert, channel: "hook", attempts: 0, createdAt: created), outcome: outcome)
            }
        }
        // An alert of no kiosk, delivered to one of its channels and pending on the other.
        let student = Alert.Student(studentId: "S001", name: "Asha", room: "101", lastOut: "2026-11-21T19:00:00Z")
        let missing = Alert(id: "not-returned-north", event: .notReturned, property: "north", at: "2026-11-21T23:15:00Z", students: [student])
        _ = try await store.storage.addAlert(missing, property: "north", channels: ["hook", "pager"], createdAt: created)
        let delivered = DueDelivery(alert: missing, channel: "hook", attempts: 0, createdAt: created)
        try await store.storage.finishDelivery(delivered, outcome: .delivered(at: created))
        return (store, tokens)
    }

    @Test func aCopyAnswersEveryKioskAsTheSQLiteHubDid() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let scratch = try ScratchDirectory("hub-copy")
        let (sqlite, tokens) = try await Self.sqliteHub(in: scratch)
        let storage = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        try await storage.migrate()
        let source = try #require(sqlite.storage as? SQLiteHubStorage)
        let copiedAt = Date(timeIntervalSince1970: 1_763_790_000)
        let counts = try await HubStoreCopy.copy(from: source, defaultProperty: sqlite.defaultProperty, to: storage, now: copiedAt)
        #expect(counts == HubStoreCounts(properties: 1, students: 3, tags: 4, tokens: 3, events: 55, users: 2, alerts: 4))
        let postgres = HubStore(storage: storage, defaultProperty: sqlite.defaultProperty)

        #expect(try await postgres.properties() == sqlite.properties())
        #expect(try await postgres.eventIDs() == sqlite.eventIDs())
        for token in tokens { #expect(try await postgres.holder(presenting: token) == sqlite.holder(presenting: token)) }
        #expect(try await postgres.tokens() == sqlite.tokens())
        let now = Date(timeIntervalSince1970: 1_763_800_000)
        for property in try await sqlite.properties() {
            #expect(try await postgres.roster(property: property.id).etag == sqlite.roster(property: property.id).etag)
            for after: Int64 in [0, 10, 40] {
                let before = try await sqlite.events(after: after, limit: 100, property: property.id, excludingKiosk: "gate-9")
                #expect(try await postgres.events(after: after, limit: 100, property: property.id, excludingKiosk: "gate-9") == before)
            }
            let date = AttendanceDate(parsing: "2026-11-21")
            let expected = ReportRenderer().render(try await sqlite.report(for: property, on: date, now: now), as: .json)
            #expect(ReportRenderer().render(try await postgres.report(for: property, on: date, now: now), as: .json) == expected)
        }
        #expect(try await postgres.parentContacts(of: "S001", property: "default").map(\.value) == ["+919812345678", "mother@example.org"])
        let requests = try await postgres.passRequests(of: try await postgres.property("default"))
        #expect(requests == (try await sqlite.passRequests(of: try await sqlite.property("default"))))
        #expect(requests.map { $0.state(at: now) } == [.pending, .approved])
        #expect(try await postgres.users() == sqlite.users())
        guard case .signedIn = try await postgres.signIn(name: "meera", password: Self.wardenPassword, now: now) else {
            Issue.record("the warden's password does not open the copied hub")
            return
        }
        guard case .refused = try await postgres.signIn(name: "ops", password: "operator-pw-1", now: now) else {
            Issue.record("the disabled operator signs in to the copied hub")
            return
        }
        let gates = try await postgres.storage.gates(property: "north").map { "\($0.kioskID) \($0.lastSeen.map(\.timeIntervalSince1970) ?? 0)" }
        #expect(gates == ["north-1 \(Self.created.timeIntervalSince1970)"])
        #expect(try await postgres.alerts() == sqlite.alerts())
        #expect(try await storage.latestAlert(property: "north", event: .gateOffline, kioskID: "north-2")?.id == "offline-north-2")
        #expect(try await storage.latestAlert(property: "north", event: .notReturned, kioskID: "") == nil)
        // Only the pending deliveries are due on the copy, and at once; the delivered and failed ones are never sent again.
        let due = try await storage.claimDueDeliveries(now: now, leaseUntil: now.addingTimeInterval(60), channels: .allBut([]), limit: 10)
        #expect(Set(due.map { "\($0.alert.id) \($0.channel)" }) == ["offline-north-3 hook", "not-returned-north pager"])
        // A new event after the copy takes a cursor after every copied one.
        _ = try await postgres.store(HubFixture.batch(kiosk: "gate-1", count: 1, firstSeq: 31).events)
        let newest = try await postgres.events(after: 55, limit: 10, excludingKiosk: "gate-9")
        #expect(newest.events.count == 1 && newest.nextCursor > 55)
    }

    @Test func aDatabaseThatIsNotEmptyIsRefused() async throws {
        guard let server = try TestDatabase.requireServer() else { return }
        let scratch = try ScratchDirectory("hub-copy")
        let (sqlite, _) = try await Self.sqliteHub(in: scratch)
        let storage = try await TestDatabase.postgresStorage(url: try await TestDatabase.createDatabase(on: server))
        try await storage.migrate()
        _ = try await HubStore(storage: storage).createToken(kioskID: "gate-7")
        let source = try #require(sqlite.storage as? SQLiteHubStorage)
        let error = await #expect(throws: KioskError.self) {
            try await HubStoreCopy.copy(from: source, defaultProperty: sqlite.defaultProperty, to: storage)
        }
        #expect(error?.category == .dataError)
        #expect(error?.message.contains("not empty") == true)
        #expect(try await storage.counts().events == 0)
    }
}
