import KioskLog
import Testing

/// `kiosk-event/v1` and `kiosk-audit/v1` leaf bytes (LOG-FORMAT.md sections 2 and 7).
@Suite struct LeafTests {
    private let event = WorkedExample.events[0]

    /// The error `change` makes encoding the event throw.
    private func encodingError(_ change: (inout EventLeaf) -> Void) -> LeafError? {
        var changed = event
        change(&changed)
        do {
            _ = try changed.bytes
            return nil
        } catch {
            return error
        }
    }

    @Test func unencodableValuesNameTheirFieldAndValue() {
        let cases: [(String, (inout EventLeaf) -> Void)] = [
            ("reason \"line\\u{A}break\"", { $0.reason = "line\nbreak" }),
            ("reason \"carriage\\u{D}return\"", { $0.reason = "carriage\rreturn" }),
            ("reader \"tab\\u{9}here\"", { $0.reader = "tab\there" }),
            ("studentId \"del\\u{7F}\"", { $0.studentID = "del\u{7F}" }),
            ("bootId \"nul\\u{0}\"", { $0.bootID = "nul\0" }),
            ("id \"not-a-uuid\"", { $0.id = "not-a-uuid" }),
            ("id \"0b7e7f3c8f7a4c519d2e5a1f0c2b9e01\"", { $0.id = "0b7e7f3c8f7a4c519d2e5a1f0c2b9e01" }),
            ("id \"0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e0g\"", { $0.id = "0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e0g" }),
            ("kioskId is empty", { $0.kioskID = "" }),
            ("kioskId \"gate 1\"", { $0.kioskID = "gate 1" }),
            ("kioskId \"gate\\u{A0}1\"", { $0.kioskID = "gate\u{A0}1" }),
            ("kioskId \"gate\\u{3000}1\"", { $0.kioskID = "gate\u{3000}1" }),
            ("kioskId \"gate+1\"", { $0.kioskID = "gate+1" }),
            ("seq 0", { $0.seq = 0 }),
            ("seq -1", { $0.seq = -1 }),
            ("seq \(Int64.min)", { $0.seq = .min }),
            ("uid \"04A2G9\"", { $0.uid = "04A2G9" }),
            ("uid \"04 A2\"", { $0.uid = "04 A2" }),
            ("kind \"Tap\"", { $0.kind = "Tap" }),
            ("direction \"IN\"", { $0.direction = "IN" }),
            ("outcome \"ok\"", { $0.outcome = "ok" }),
            ("occurredAt \"2026-11-21T15:34:60Z\"", { $0.occurredAt = "2026-11-21T15:34:60Z" }),
            ("recordedAt \"\"", { $0.recordedAt = "" }),
            ("occurredAt \"2026-02-29T00:00:00Z\"", { $0.occurredAt = "2026-02-29T00:00:00Z" }),
        ]
        for (expected, change) in cases {
            let error = encodingError(change)
            #expect(error != nil, "\(expected)")
            #expect(error?.description.contains(expected) == true, "\(expected): \(String(describing: error))")
        }
    }

    @Test func extremesThatAreValid() throws {
        var changed = event
        changed.seq = .max
        changed.monotonicNanoseconds = .max
        changed.uid = "abcdef0123456789"
        changed.kind = ""
        changed.reason = "émoji 🎫, tab-free, 💥 and U+0085 \u{85} are text"
        changed.kioskID = "gate-é"
        let text = String(decoding: try changed.bytes, as: UTF8.self)
        #expect(text.contains("\nseq=9223372036854775807\n"))
        #expect(text.contains("\nmonotonic=18446744073709551615\n"))
        #expect(text.contains("\nuid=ABCDEF0123456789\n"))
        #expect(text.contains("\nkind=\n"))
        #expect(try EventLeaf(bytes: changed.bytes).bytes == changed.bytes)
    }

    @Test func nilAndEmptyEncodeTheSame() throws {
        var empty = event
        var absent = event
        (empty.reader, empty.uid, empty.studentID, empty.direction, empty.reason, empty.bootID) = ("", "", "", "", "", "")
        (absent.reader, absent.uid, absent.studentID, absent.direction, absent.reason, absent.bootID) = (nil, nil, nil, nil, nil, nil)
        #expect(try empty.bytes == absent.bytes)
        let parsed = try EventLeaf(bytes: empty.bytes)
        #expect([parsed.reader, parsed.uid, parsed.studentID, parsed.direction, parsed.reason, parsed.bootID] == [nil, nil, nil, nil, nil, nil])
    }

    @Test func parsingRefusesAllButTheCanonicalBytes() throws {
        let canonical = WorkedExample.leaf1
        #expect(try EventLeaf(bytes: Array(canonical.utf8)).seq == 2)
        let variants: [(String, String)] = [
            ("id=6c1d2e3f", "id=6C1D2E3F"),
            ("uid=DEADBEEF", "uid=deadbeef"),
            ("seq=2", "seq=02"),
            ("seq=2", "seq=+2"),
            ("seq=2", "seq=0"),
            ("seq=2", "seq=99999999999999999999"),
            ("monotonic=8195456789012", "monotonic=08195456789012"),
            ("monotonic=8195456789012", "monotonic=18446744073709551616"),
            ("monotonic=8195456789012", "monotonic="),
            ("synced=true", "synced=True"),
            ("synced=true", "synced="),
            ("occurred=2026-11-21T15:34:12.000Z", "occurred=2026-11-21T15:34:12Z"),
            ("occurred=2026-11-21T15:34:12.000Z", "occurred=2026-11-21T16:34:12.000+01:00"),
            ("kind=tap", "kind=swipe"),
            ("kind=tap\ndirection=", "direction=\nkind=tap"),
            ("kiosk-event/v1", "kiosk-event/v2"),
            ("reason=card not on roster", "reason=card not on roster\r"),
            ("reason=card not on roster", "reason = card not on roster"),
            ("synced=true\n", "synced=true"),
            ("synced=true\n", "synced=true\n\n"),
            ("synced=true\n", "synced=true\nextra=1\n"),
            ("student=\n", ""),
        ]
        for (original, replacement) in variants {
            let changed = canonical.replacing(original, with: replacement)
            #expect(changed != canonical)
            #expect(throws: LeafError.self, "\(replacement)") { try EventLeaf(bytes: Array(changed.utf8)) }
        }
        var invalidUTF8 = Array(canonical.utf8)
        invalidUTF8.insert(0xFF, at: invalidUTF8.count - 2)
        #expect(throws: LeafError.self) { try EventLeaf(bytes: invalidUTF8) }
        #expect(throws: LeafError.self) { try EventLeaf(bytes: []) }
    }

    @Test func parsingErrorsNameTheLine() {
        let changed = WorkedExample.leaf1.replacing("uid=DEADBEEF", with: "uid=deadbeef")
        #expect(throws: LeafError.self) { try EventLeaf(bytes: Array(changed.utf8)) }
        do {
            _ = try EventLeaf(bytes: Array(changed.utf8))
        } catch {
            #expect(error.description == "leaf line 6: uid is not written in its one canonical form")
        }
    }

    @Test func auditLeafBytes() throws {
        let entry = AuditLeaf(
            id: "0B7E7F3C-8F7A-4C51-9D2E-5A1F0C2B9E01",
            property: "pg-7",
            seq: 12,
            at: "2026-11-21T21:03:00.1299+05:30",
            actor: "user:warden",
            action: "student.erase",
            subject: "S017",
            detail: nil
        )
        let expected = """
            kiosk-audit/v1
            id=0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e01
            property=pg-7
            seq=12
            at=2026-11-21T15:33:00.130Z
            actor=user:warden
            action=student.erase
            subject=S017
            detail=

            """
        #expect(try entry.bytes == Array(expected.utf8))
        #expect(try entry.leafHash == MerkleTree.leafHash(Array(expected.utf8)))
    }

    @Test func auditLeafRefusals() {
        let entry = AuditLeaf(
            id: "0b7e7f3c-8f7a-4c51-9d2e-5a1f0c2b9e01",
            property: "pg-7",
            seq: 1,
            at: "2026-11-21T15:33:00Z",
            actor: "system",
            action: "roster.import",
            subject: nil,
            detail: "ok"
        )
        #expect(throws: Never.self) { try entry.bytes }
        let cases: [(String, (inout AuditLeaf) -> Void)] = [
            ("actor \"admin\"", { $0.actor = "admin" }),
            ("actor \"user:\"", { $0.actor = "user:" }),
            ("actor is empty", { $0.actor = "" }),
            ("action is empty", { $0.action = "" }),
            ("property \"pg 7\"", { $0.property = "pg 7" }),
            ("detail \"two\\u{A}lines\"", { $0.detail = "two\nlines" }),
            ("seq 0", { $0.seq = 0 }),
            ("at \"yesterday\"", { $0.at = "yesterday" }),
            ("id \"x\"", { $0.id = "x" }),
        ]
        for (expected, change) in cases {
            var changed = entry
            change(&changed)
            #expect(throws: LeafError.self, "\(expected)") { try changed.bytes }
            do {
                _ = try changed.bytes
            } catch {
                #expect(error.description.contains(expected), "\(error)")
            }
        }
    }
}
