/// The URI record of an NDEF message (NFC Forum NDEF and URI record type definitions): the first well-known record
/// of type `U`, its identifier code expanded to the URI's prefix.
public enum NDEFURIRecord {
    /// The largest NDEF message read from a card; a SUN URI is under 256 bytes.
    public static let maximumMessageLength = 1024

    /// The URI of the first URI record in `message`, or why there is none.
    public static func uri(in message: [UInt8]) -> Result<String, SunAbsence> {
        guard message.count <= maximumMessageLength else {
            return .failure(SunAbsence("an NDEF message of \(message.count) bytes (at most \(maximumMessageLength))"))
        }
        var offset = 0
        while offset < message.count {
            guard let record = Record(message, at: &offset) else {
                return .failure(SunAbsence("a truncated or malformed NDEF record at byte \(offset)"))
            }
            if record.typeNameFormat == 1, record.type == [UInt8(ascii: "U")] {
                return expand(record.payload)
            }
            if record.isLast { break }
        }
        return .failure(SunAbsence("no URI record in the NDEF message"))
    }

    /// The identifier code's prefix, then the rest of the payload as UTF-8.
    private static func expand(_ payload: ArraySlice<UInt8>) -> Result<String, SunAbsence> {
        guard let code = payload.first, Int(code) < prefixes.count else {
            return .failure(SunAbsence("a URI record with an unknown identifier code"))
        }
        guard let rest = String(validating: payload.dropFirst(), as: UTF8.self) else {
            return .failure(SunAbsence("a URI record that is not UTF-8"))
        }
        return .success(prefixes[Int(code)] + rest)
    }

    /// One record's header fields, type and payload.
    private struct Record {
        let typeNameFormat: UInt8
        let isLast: Bool
        let type: ArraySlice<UInt8>
        let payload: ArraySlice<UInt8>

        /// Parses the record at `offset`, moving it past the record; nil when the bytes end early.
        init?(_ bytes: [UInt8], at offset: inout Int) {
            var cursor = offset
            func take(_ count: Int) -> ArraySlice<UInt8>? {
                guard count >= 0, count <= bytes.count - cursor else { return nil }
                defer { cursor += count }
                return bytes[cursor..<cursor + count]
            }
            guard let header = take(1)?.first, let typeLength = take(1)?.first else { return nil }
            let shortRecord = header & 0x10 != 0
            guard let lengthBytes = take(shortRecord ? 1 : 4) else { return nil }
            let payloadLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
            var idLength = 0
            if header & 0x08 != 0 {
                guard let length = take(1)?.first else { return nil }
                idLength = Int(length)
            }
            guard let type = take(Int(typeLength)), take(idLength) != nil, let payload = take(payloadLength) else { return nil }
            typeNameFormat = header & 0x07
            isLast = header & 0x40 != 0
            self.type = type
            self.payload = payload
            offset = cursor
        }
    }

    /// The URI identifier codes 0x00 to 0x23 of the URI record type definition.
    private static let prefixes = [
        "", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:", "ftp://anonymous:anonymous@", "ftp://ftp.",
        "ftps://", "sftp://", "smb://", "nfs://", "ftp://", "dav://", "news:", "telnet://", "imap:", "rtsp://", "urn:", "pop:", "sip:",
        "sips:", "tftp:", "btspp://", "btl2cap://", "btgoep://", "tcpobex://", "irdaobex://", "file://", "urn:epc:id:", "urn:epc:tag:",
        "urn:epc:pat:", "urn:epc:raw:", "urn:epc:", "urn:nfc:",
    ]
}
