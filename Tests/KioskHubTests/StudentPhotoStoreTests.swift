import Foundation
import KioskCore
import KioskHubStorage
import KioskTesting
import Testing

@testable import KioskHub

/// Students' photos on the backend the run names: checked, kept once per student by digest, replaced, audited, gone
/// with an erased student; a refused one changes nothing.
@Suite struct StudentPhotoStoreTests {
    @Test func aPhotoIsKeptReplacedAndErasedWithItsStudent() async throws {
        let hub = try await ConsoleHostileInputTests.hub()
        let now = Date()
        let first = try await hub.store.setStudentPhoto("S001", data: SamplePhoto.png(width: 320, height: 240), source: "asha.png", now: now)
        #expect(first.contentType == "image/png" && first.digest.count == 64)
        #expect(try await hub.store.studentPhoto("S001") == first)
        let second = try await hub.store.setStudentPhoto("S001", data: SamplePhoto.jpeg(width: 300, height: 400), source: "asha.jpg", now: now)
        #expect(try await hub.store.studentPhoto("S001") == second)
        #expect(try await hub.store.storage.photoDigests(property: "default") == ["S001": second.digest])
        let audited = try await hub.store.auditEntries(property: "default").filter { $0.action == AuditAction.studentPhoto.rawValue }
        #expect(audited.map(\.subject) == ["S001", "S001"])

        let bomb = await #expect(throws: KioskError.self) {
            try await hub.store.setStudentPhoto("S001", data: SamplePhoto.png(width: 60_000, height: 60_000), source: "bomb.png", now: now)
        }
        #expect(bomb?.message.contains("bomb.png: 60000×60000 pixels") == true)
        let unknown = await #expect(throws: KioskError.self) {
            try await hub.store.setStudentPhoto("S999", data: SamplePhoto.png(width: 10, height: 10), source: "x.png", now: now)
        }
        #expect(unknown?.message.contains("S999") == true)
        #expect(try await hub.store.studentPhoto("S001") == second)

        _ = try await hub.store.eraseStudent("S001", property: "default", now: now)
        #expect(try await hub.store.studentPhoto("S001") == nil)
        #expect(try await hub.sql("SELECT CAST(COUNT(*) AS TEXT) FROM student_photo") == ["0"])
    }
}
