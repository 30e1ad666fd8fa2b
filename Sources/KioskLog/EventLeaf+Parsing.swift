extension EventLeaf {
    /// The event whose leaf bytes are `bytes`. Only the canonical bytes of an event are accepted: 16 LF-terminated
    /// lines with the keys in order and every value as `bytes` writes it, so the event's `bytes` are `bytes` again.
    /// Empty `reader`, `uid`, `student`, `kind`, `direction`, `outcome`, `reason` and `boot` values read as nil; the
    /// other values cannot be empty.
    public init(bytes: [UInt8]) throws(LeafError) {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard bytes.last == 0x0A else { throw .malformedLine(lines.count, expected: "LF at the end of the leaf") }
        guard lines.count == 17 else { throw .lineCount(lines.count - 1) }
        guard lines[0].elementsEqual(Self.format.utf8) else { throw .malformedLine(1, expected: Self.format) }
        let keys = [
            "id", "kiosk", "seq", "reader", "uid", "student", "kind", "direction", "outcome", "reason", "occurred", "recorded",
            "monotonic", "boot", "synced",
        ]
        var values: [String] = []
        for (offset, key) in keys.enumerated() {
            let line = lines[offset + 1]
            let prefix = Array(key.utf8) + [UInt8(ascii: "=")]
            guard line.starts(with: prefix) else { throw .malformedLine(offset + 2, expected: "\(key)=") }
            values.append(String(decoding: line.dropFirst(prefix.count), as: UTF8.self))
        }
        func optional(_ index: Int) -> String? { values[index].isEmpty ? nil : values[index] }
        guard let seq = DecimalText.nonNegative(values[2]) else { throw .notCanonical(line: 4, key: "seq") }
        guard let monotonic = DecimalText.unsigned(values[12]) else { throw .notCanonical(line: 14, key: "monotonic") }
        guard values[14] == "true" || values[14] == "false" else { throw .notCanonical(line: 16, key: "synced") }
        self.init(
            id: values[0],
            kioskID: values[1],
            seq: seq,
            reader: optional(3),
            uid: optional(4),
            studentID: optional(5),
            kind: optional(6),
            direction: optional(7),
            outcome: optional(8),
            reason: optional(9),
            occurredAt: .text(values[10]),
            recordedAt: .text(values[11]),
            monotonicNanoseconds: monotonic,
            bootID: optional(13),
            clockSynced: values[14] == "true"
        )
        let canonical = try self.bytes
        guard canonical != bytes else { return }
        let canonicalLines = canonical.split(separator: 0x0A, omittingEmptySubsequences: false)
        let line = lines.indices.first { !lines[$0].elementsEqual(canonicalLines[$0]) } ?? 0
        throw .notCanonical(line: line + 1, key: line == 0 ? Self.format : keys[line - 1])
    }
}
