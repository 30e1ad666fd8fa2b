import Foundation
import KioskCore
import KioskReports
import Testing

private func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Test func jsonHasExactlyTheContractKeysInOrder() throws {
    let text = ReportRenderer().render(try ReportFixture.report(), as: .json)
    let json = try jsonObject(text)
    let topLevel = ["date", "timezone", "dayStartsAt", "curfew", "evaluatedAt", "summary", "students", "unknownTags", "sync", "clock", "kiosk"]
    #expect(Set(json.keys) == Set(topLevel))
    let positions = topLevel.map { text.range(of: "\"\($0)\":")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    let summary = try #require(json["summary"] as? [String: Any])
    #expect(Set(summary.keys) == ["total", "checkedIn", "checkedOut", "notReturned", "absent", "onLeave", "late"])
    let students = try #require(json["students"] as? [[String: Any]])
    for student in students {
        #expect(Set(student.keys) == ["studentId", "name", "room", "status", "firstIn", "lastOut", "taps", "late", "pass"])
    }
    let tags = try #require(json["unknownTags"] as? [[String: Any]])
    #expect(tags.map { Set($0.keys) } == [["uid", "reads", "lastSeen"]])
    let sync = try #require(json["sync"] as? [String: Any])
    #expect(Set(sync.keys) == ["pending", "quarantined", "lastSyncedAt", "unsynchronisedClockReads"])
    let clock = try #require(json["clock"] as? [String: Int])
    #expect(clock == ["corrected": 0, "uncorrected": 2])
}

@Test func jsonCarriesTheValuesWithOffsetsAndExplicitNulls() throws {
    let text = ReportRenderer().render(try ReportFixture.report(), as: .json)
    let json = try jsonObject(text)
    #expect(json["date"] as? String == "2026-11-21")
    #expect(json["timezone"] as? String == "Asia/Kolkata")
    #expect(json["dayStartsAt"] as? String == "04:00")
    #expect(json["curfew"] as? String == "22:30")
    #expect(json["evaluatedAt"] as? String == "2026-11-22T01:00:00+05:30")
    #expect(json["kiosk"] as? String == "gate-1")
    let summary = try #require(json["summary"] as? [String: Int])
    #expect(summary == ["total": 5, "checkedIn": 3, "checkedOut": 0, "notReturned": 1, "absent": 1, "onLeave": 0, "late": 1])

    let students = try #require(json["students"] as? [[String: Any]])
    #expect(students.map { $0["studentId"] as? String } == ["S001", "S002", "S003", "S004", "S006"])
    #expect(students.map { $0["status"] as? String } == ["notReturned", "in", "in", "absent", "in"])
    #expect(students[0]["name"] as? String == ReportFixture.quotedName)
    #expect(students[0]["firstIn"] is NSNull)
    #expect(students[0]["lastOut"] as? String == "2026-11-21T18:00:00+05:30")
    #expect(students[1]["firstIn"] is NSNull && students[1]["lastOut"] is NSNull)
    #expect(students[1]["room"] as? String == "Annex\nNorth wing, top floor")
    #expect(students[2]["name"] as? String == ReportFixture.devanagariName)
    #expect(students[2]["firstIn"] as? String == "2026-11-21T23:10:00+05:30")
    #expect(students[2]["taps"] as? Int == 2)
    #expect(students[2]["late"] as? Bool == true)
    #expect(students[3]["late"] as? Bool == false)

    let tags = try #require(json["unknownTags"] as? [[String: Any]])
    #expect(tags.first?["uid"] as? String == "04A1B2C3D4E5F6")
    #expect(tags.first?["reads"] as? Int == 2)
    #expect(tags.first?["lastSeen"] as? String == "2026-11-21T21:30:00+05:30")

    let sync = try #require(json["sync"] as? [String: Any])
    #expect(sync["pending"] as? Int == 3)
    #expect(sync["quarantined"] as? Int == 1)
    #expect(sync["lastSyncedAt"] is NSNull)
    #expect(sync["unsynchronisedClockReads"] as? Int == 2)
}

@Test func jsonWritesTextAsUTF8AndSyncTimeWithTheZoneOffset() throws {
    let synced = try Timestamp.parse("2026-11-21T22:45:00Z")
    let text = ReportRenderer().render(try ReportFixture.report(lastSyncedAt: synced), as: .json)
    #expect(text.contains(ReportFixture.devanagariName))
    #expect(text.contains("\"Asia/Kolkata\""))
    #expect(!text.contains("\\u"))
    let sync = try #require(try jsonObject(text)["sync"] as? [String: Any])
    #expect(sync["lastSyncedAt"] as? String == "2026-11-22T04:15:00+05:30")
}
