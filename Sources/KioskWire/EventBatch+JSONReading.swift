extension EventBatch {
    /// The batch in the JSON `body`, read by hand; nil when the body is not in the plain shape `jsonBytes()` writes
    /// (escapes in strings, unknown or repeated keys, anything invalid), for `JSONDecoder` to read and judge.
    public init?(plainJSON body: UnsafeRawBufferPointer) {
        var reader = JSONReader(body)
        var kioskId: String?
        var events: [WireEvent]?
        do {
            try reader.object { reader, key throws(JSONReader.NotPlain) in
                if key.isKey("kioskId"), kioskId == nil {
                    kioskId = try reader.string()
                } else if key.isKey("events"), events == nil {
                    var read: [WireEvent] = []
                    try reader.array { reader throws(JSONReader.NotPlain) in read.append(try WireEvent(reading: &reader)) }
                    events = read
                } else {
                    throw JSONReader.NotPlain()
                }
            }
        } catch {
            return nil
        }
        guard reader.isAtEnd(), let kioskId, let events else { return nil }
        self.init(kioskId: kioskId, events: events)
    }
}

extension EventBatchResponse {
    /// The answer in the JSON `body`, read by hand like `EventBatch(plainJSON:)`; nil when `JSONDecoder` must read it.
    public init?(plainJSON body: UnsafeRawBufferPointer) {
        var reader = JSONReader(body)
        var results: [EventResult]?
        do {
            try reader.object { reader, key throws(JSONReader.NotPlain) in
                guard key.isKey("results"), results == nil else { throw JSONReader.NotPlain() }
                var read: [EventResult] = []
                try reader.array { reader throws(JSONReader.NotPlain) in read.append(try EventResult(reading: &reader)) }
                results = read
            }
        } catch {
            return nil
        }
        guard reader.isAtEnd(), let results else { return nil }
        self.init(results: results)
    }
}

extension EventResult {
    init(reading reader: inout JSONReader) throws(JSONReader.NotPlain) {
        var id: String?
        var status: EventDisposition?
        var reason: String??
        try reader.object { reader, key throws(JSONReader.NotPlain) in
            if key.isKey("id"), id == nil {
                id = try reader.string()
            } else if key.isKey("status"), status == nil {
                guard let disposition = EventDisposition(rawValue: try reader.string()) else { throw JSONReader.NotPlain() }
                status = disposition
            } else if key.isKey("reason"), reason == nil {
                reason = .some(try reader.optionalString())
            } else {
                throw JSONReader.NotPlain()
            }
        }
        guard let id, let status else { throw JSONReader.NotPlain() }
        self.init(id: id, status: status, reason: reason ?? nil)
    }
}
