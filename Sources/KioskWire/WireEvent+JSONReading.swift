extension WireEvent {
    /// Reads one event as `JSONReader` takes it: every key known and given once, the optional ones absent or null.
    init(reading reader: inout JSONReader) throws(JSONReader.NotPlain) {
        var id: String?
        var kioskId: String?
        var seq: Int64?
        var reader_: String?
        var uid: String??
        var studentId: String??
        var kind: WireEventKind?
        var direction: WireDirection??
        var outcome: WireEventOutcome?
        var reason: String??
        var occurredAt: String?
        var recordedAt: String?
        var monotonicNs: Int64?
        var bootId: String?
        var clockSynced: Bool?
        var sunCounter: Int64??
        func once<Value>(_ slot: inout Value?, _ value: Value) throws(JSONReader.NotPlain) {
            guard slot == nil else { throw JSONReader.NotPlain() }
            slot = value
        }
        try reader.object { reader, key throws(JSONReader.NotPlain) in
            if key.isKey("id") {
                try once(&id, try reader.string())
            } else if key.isKey("kioskId") {
                try once(&kioskId, try reader.string())
            } else if key.isKey("seq") {
                try once(&seq, try reader.integer())
            } else if key.isKey("reader") {
                try once(&reader_, try reader.string())
            } else if key.isKey("uid") {
                try once(&uid, try reader.optionalString())
            } else if key.isKey("studentId") {
                try once(&studentId, try reader.optionalString())
            } else if key.isKey("kind") {
                try once(&kind, try Self.value(WireEventKind.self, reader.string()))
            } else if key.isKey("direction") {
                try once(&direction, reader.takeNull() ? nil : try Self.value(WireDirection.self, reader.string()))
            } else if key.isKey("outcome") {
                try once(&outcome, try Self.value(WireEventOutcome.self, reader.string()))
            } else if key.isKey("reason") {
                try once(&reason, try reader.optionalString())
            } else if key.isKey("occurredAt") {
                try once(&occurredAt, try reader.string())
            } else if key.isKey("recordedAt") {
                try once(&recordedAt, try reader.string())
            } else if key.isKey("monotonicNs") {
                try once(&monotonicNs, try reader.integer())
            } else if key.isKey("bootId") {
                try once(&bootId, try reader.string())
            } else if key.isKey("clockSynced") {
                try once(&clockSynced, try reader.boolean())
            } else if key.isKey("sunCounter") {
                try once(&sunCounter, reader.takeNull() ? nil : try reader.integer())
            } else {
                throw JSONReader.NotPlain()
            }
        }
        guard let id, let kioskId, let seq, let reader_, let kind, let outcome, let occurredAt, let recordedAt, let monotonicNs, let bootId,
            let clockSynced
        else { throw JSONReader.NotPlain() }
        self.init(
            id: id,
            kioskId: kioskId,
            seq: seq,
            reader: reader_,
            uid: uid ?? nil,
            studentId: studentId ?? nil,
            kind: kind,
            direction: direction ?? nil,
            outcome: outcome,
            reason: reason ?? nil,
            occurredAt: occurredAt,
            recordedAt: recordedAt,
            monotonicNs: monotonicNs,
            bootId: bootId,
            clockSynced: clockSynced,
            sunCounter: sunCounter ?? nil
        )
    }

    private static func value<Value: RawRepresentable<String>>(_ type: Value.Type, _ text: String) throws(JSONReader.NotPlain) -> Value {
        guard let value = Value(rawValue: text) else { throw JSONReader.NotPlain() }
        return value
    }
}
