import Foundation
import KioskWire
import Testing

/// The hand-written JSON of a batch and of the hub's answer: the document `JSONEncoder` makes, any string escaped,
/// and read back by hand only when it has the plain shape.
@Suite struct WireJSONTests {
    /// `JSONEncoder`'s document for `value`, in the form `sameDocument` compares.
    private func foundationBytes(_ value: some Encodable) throws -> [UInt8] {
        try sorted(Array(JSONEncoder().encode(value)))
    }

    /// The document in `bytes` written again with sorted keys: `JSONEncoder` on Linux keeps no key order, so two
    /// writers agree when their documents, keys sorted, are the same bytes.
    private func sorted(_ bytes: [UInt8]) throws -> [UInt8] {
        let object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]))
    }

    private func plainBatch(_ bytes: [UInt8]) -> EventBatch? {
        bytes.withUnsafeBytes { EventBatch(plainJSON: $0) }
    }

    @Test func aBatchIsWrittenAsJSONEncoderWritesIt() throws {
        var unknown = sampleEvent(seq: 2)
        unknown.kind = .unknown
        unknown.studentId = nil
        unknown.direction = nil
        unknown.outcome = .unknown
        unknown.reason = "unknown card"
        unknown.monotonicNs = -1
        let batch = EventBatch(kioskId: "gate-1", events: [sampleEvent(), unknown, sampleEvent(seq: .max)])
        #expect(try sorted(batch.jsonBytes()) == (try foundationBytes(batch)))
        let empty = EventBatch(kioskId: "gate-1", events: [])
        #expect(try sorted(empty.jsonBytes()) == (try foundationBytes(empty)))
    }

    @Test func stringsAreEscapedSoFoundationReadsBackAnyText() throws {
        let alphabet: [Character] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}", "é", "€", "𝄞", "👩‍👩‍👧",
            "\u{2028}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let text = String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            var event = sampleEvent()
            event.reason = text
            event.reader = text
            let batch = EventBatch(kioskId: text, events: [event])
            let bytes = batch.jsonBytes()
            #expect(try JSONDecoder().decode(EventBatch.self, from: Data(bytes)) == batch, "\(text.debugDescription)")
            #expect(bytes.allSatisfy { $0 >= 0x20 }, "a control character written raw for \(text.debugDescription)")
        }
    }

    @Test func controlCharactersUseTheShortEscapesOrHex() {
        var event = sampleEvent()
        event.reason = "a\"b\\c\nd\u{01}e\u{1F}"
        let text = String(decoding: EventBatch(kioskId: "gate-1", events: [event]).jsonBytes(), as: UTF8.self)
        #expect(text.contains(#""reason":"a\"b\\c\nd\u0001e\u001f""#))
    }

    @Test func aPlainBatchIsReadBackByHand() throws {
        var event = sampleEvent(seq: 9)
        event.reason = "ignored: debounce, 12 s"
        event.direction = nil
        event.outcome = .ignored
        let batch = EventBatch(kioskId: "gate-1", events: [sampleEvent(), event])
        #expect(plainBatch(batch.jsonBytes()) == batch)
        #expect(plainBatch(Array(try JSONEncoder().encode(batch))) == batch)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(plainBatch(Array(try encoder.encode(batch))) == batch)
        let nulls =
            #"{"events":[{"id":"x","kioskId":"k","seq":-3,"reader":"r","uid":null,"studentId":null,"kind":"unknown","direction":null,"#
            + #""outcome":"unknown","reason":null,"occurredAt":"t","recordedAt":"t","monotonicNs":0,"bootId":"b","clockSynced":false}],"kioskId":"k"}"#
        let read = try #require(plainBatch(Array(nulls.utf8)))
        #expect(read == (try JSONDecoder().decode(EventBatch.self, from: Data(nulls.utf8))))
    }

    @Test func anythingButThePlainShapeIsLeftToJSONDecoder() throws {
        let plain = String(decoding: EventBatch(kioskId: "gate-1", events: [sampleEvent()]).jsonBytes(), as: UTF8.self)
        #expect(plainBatch(Array(plain.utf8)) != nil)
        let variants = [
            plain.replacingOccurrences(of: "entrance", with: #"entr\u0061nce"#),
            plain.replacingOccurrences(of: #""bootId""#, with: #""extra":1,"bootId""#),
            plain.replacingOccurrences(of: #""seq":1"#, with: #""seq":1.0"#),
            plain.replacingOccurrences(of: #""seq":1"#, with: #""seq":01"#),
            plain.replacingOccurrences(of: #""seq":1"#, with: #""seq":99999999999999999999"#),
            plain.replacingOccurrences(of: #""seq":1"#, with: #""seq":1,"seq":2"#),
            plain.replacingOccurrences(of: #""kind":"tap""#, with: #""kind":"swipe""#),
            plain.replacingOccurrences(of: #","bootId":"boot-1""#, with: ""),
            plain + "x",
            String(plain.dropLast()),
            "",
        ]
        for variant in variants {
            #expect(plainBatch(Array(variant.utf8)) == nil, "\(variant)")
        }
        #expect(plainBatch([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) == nil)
    }

    @Test func theHubsAnswerIsWrittenAsJSONEncoderWritesItAndReadBack() throws {
        let answer = EventBatchResponse(results: [
            EventResult(id: "a", status: .accepted), EventResult(id: "b", status: .duplicate),
            EventResult(id: "c", status: .rejected, reason: "field 'uid': not \"hex\""),
        ])
        #expect(try sorted(answer.jsonBytes()) == (try foundationBytes(answer)))
        #expect(try JSONDecoder().decode(EventBatchResponse.self, from: Data(answer.jsonBytes())) == answer)
        let plain = EventBatchResponse(results: Array(answer.results.prefix(2)) + [EventResult(id: "c", status: .rejected, reason: "no")])
        #expect(plain.jsonBytes().withUnsafeBytes { EventBatchResponse(plainJSON: $0) } == plain)
    }

    @Test func wireTimeFormatsAsFoundationDoesAndReadsBack() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var generator = SystemRandomNumberGenerator()
        let instants = (0..<2000).map { _ in Double(Int64.random(in: -13_000_000_000_000...253_402_300_799_999, using: &generator)) / 1000 }
        for seconds in instants + [0, -0.001, 951_782_400, 253_402_300_799.999, -11_676_096_000] {
            let instant = Date(timeIntervalSince1970: seconds)
            let millis = (seconds * 1000).rounded()
            #expect(WireTime.format(instant) == Date(timeIntervalSince1970: (millis + 0.5) / 1000).formatted(style))
            #expect(WireTime.parse(WireTime.format(instant)) == Date(timeIntervalSince1970: millis / 1000))
        }
    }
}
