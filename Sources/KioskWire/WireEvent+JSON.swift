extension WireEvent {
    /// The event alone as JSON, as `JSONEncoder` writes it: one line of a log export.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 400)
        write(to: &writer)
        return writer.bytes
    }

    /// Writes the event as `JSONEncoder` would (the same keys in the same order, absent optionals left out).
    func write(to writer: inout JSONWriter) {
        writer.raw("{\"id\":")
        writer.string(id)
        writer.raw(",\"kioskId\":")
        writer.string(kioskId)
        writer.raw(",\"seq\":")
        writer.integer(seq)
        writer.raw(",\"reader\":")
        writer.string(reader)
        if let uid {
            writer.raw(",\"uid\":")
            writer.string(uid)
        }
        if let studentId {
            writer.raw(",\"studentId\":")
            writer.string(studentId)
        }
        writer.raw(",\"kind\":")
        writer.string(kind.rawValue)
        if let direction {
            writer.raw(",\"direction\":")
            writer.string(direction.rawValue)
        }
        writer.raw(",\"outcome\":")
        writer.string(outcome.rawValue)
        if let reason {
            writer.raw(",\"reason\":")
            writer.string(reason)
        }
        writer.raw(",\"occurredAt\":")
        writer.string(occurredAt)
        writer.raw(",\"recordedAt\":")
        writer.string(recordedAt)
        writer.raw(",\"monotonicNs\":")
        writer.integer(monotonicNs)
        writer.raw(",\"bootId\":")
        writer.string(bootId)
        writer.raw(",\"clockSynced\":")
        writer.boolean(clockSynced)
        if let sunCounter {
            writer.raw(",\"sunCounter\":")
            writer.integer(sunCounter)
        }
        if let correctedAt {
            writer.raw(",\"correctedAt\":")
            writer.string(correctedAt)
        }
        writer.raw("}")
    }
}
