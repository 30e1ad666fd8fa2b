import Foundation
import GRDB
import KioskHub
import KioskHubPostgres
import KioskJournal
import KioskStore
import KioskTesting
import KioskWire
import Testing

/// Every mapping of an event's fields that Swift cannot derive from `EventField` is held to it here: the wire's
/// coding (both the derived one and the hand-written writer), and the `event` tables of every store.
@Suite struct EventFieldTests {
    @Test func theWiresCodingHasExactlyTheDeclaredKeys() throws {
        var event = HubFixture.event(kiosk: "gate-1", seq: 1)
        event.reason = "a reason"
        event.sunCounter = 5
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as? [String: Any])
        #expect(Set(object.keys) == Set(EventField.allCases.map(\.wireKey)))
    }

    @Test func theHandWrittenWriterWritesEveryKeyInDeclaredOrder() throws {
        var event = HubFixture.event(kiosk: "gate-1", seq: 1)
        event.reason = "a reason"
        event.sunCounter = 5
        let text = String(decoding: EventBatch(kioskId: "gate-1", events: [event]).jsonBytes(), as: UTF8.self)
        let eventText = try #require(text.range(of: "\"events\":[").map { text[$0.upperBound...] })
        let positions = EventField.allCases.map { eventText.range(of: "\"\($0.wireKey)\":")?.lowerBound }
        #expect(!positions.contains(nil))
        let found = positions.compactMap(\.self)
        #expect(found == found.sorted(), "\(text)")
        let decoded = try JSONDecoder().decode(EventBatch.self, from: Data(text.utf8))
        #expect(decoded.events == [event])
    }

    @Test func everyStoresEventTableHasEveryDeclaredColumn() async throws {
        let hub = try await HubFixture()
        let hubColumns = try await hub.sql(
            hub.store.storage is PostgresHubStorage
                ? "SELECT column_name::text FROM information_schema.columns WHERE table_name = 'event'"
                : "SELECT name FROM pragma_table_info('event')"
        )
        let declared = Set(EventField.allCases.map(\.column))
        #expect(declared.isSubset(of: Set(hubColumns)), "\(hubColumns)")

        let scratch = try ScratchDirectory("journal")
        let path = scratch.path + "/journal.sqlite"
        try Journal.open(path: path, kioskID: "gate-1").close()
        let journalColumns = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('event')")
        }
        #expect(declared.isSubset(of: Set(journalColumns)), "\(journalColumns)")
    }
}
