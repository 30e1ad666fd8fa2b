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
    let topLevel = [
        "date", "timezone", "dayStartsAt", "curfew", "evaluatedAt", "summary", "students", "unknownTags", "refusedReads", "sync", "clock", "kiosk",
    ]
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

/// CONTRACT.md "Cards that cannot be cloned": one entry per UID and reason, reads counted as for unknown tags.
@Test func refusedReadsAreListedPerCardAndReason() throws {
    let uid = try TagUID(parsing: "04DE5F1EACC040")
    func refused(_ time: String, _ reason: CardRefusal) throws -> RefusedRead {
        RefusedRead(uid: uid, studentID: "S004", reason: reason, occurredAt: try Timestamp.parse("2026-11-21T\(time)+05:30"))
    }
    let report = try ReportFixture.report(refusedReads: [
        try refused("21:00:00", .notVerified), try refused("21:00:04", .notVerified), try refused("21:20:00", .notVerified),
        try refused("21:05:00", .replayed),
    ])
    let json = try jsonObject(ReportRenderer().render(report, as: .json))
    let reads = try #require(json["refusedReads"] as? [[String: Any]])
    #expect(
        reads.map { Set($0.keys) } == [["uid", "studentId", "reason", "reads", "lastSeen"], ["uid", "studentId", "reason", "reads", "lastSeen"]]
    )
    #expect(reads.map { $0["reason"] as? String } == ["not_verified", "replayed"])
    #expect(reads.map { $0["reads"] as? Int } == [2, 1], "the read 4 s after another is within the debounce window")
    #expect(reads.map { $0["lastSeen"] as? String } == ["2026-11-21T21:20:00+05:30", "2026-11-21T21:05:00+05:30"])
    #expect(reads.allSatisfy { $0["uid"] as? String == "04DE5F1EACC040" && $0["studentId"] as? String == "S004" })

    let text = ReportRenderer().render(report, as: .text)
    #expect(text.contains("Cards refused, see the student: 2"))
    #expect(text.contains("04DE5F1EACC040  S004  replayed  1 read"))
    #expect(ReportRenderer().render(report, as: .csv).contains("refused_read,04DE5F1EACC040,2,2026-11-21T21:20:00+05:30,not_verified,S004"))
    #expect(ReportRenderer().render(report, as: .html).contains("<h2>Cards refused: could not be verified</h2>"))
    #expect(!ReportRenderer().render(try ReportFixture.report(), as: .text).contains("Cards refused"), "no section without refusals")
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
