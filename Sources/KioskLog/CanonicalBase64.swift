import Foundation

/// Standard base64 (RFC 4648 section 4, `=` padding) that accepts only the one text each byte string encodes to.
enum CanonicalBase64 {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    /// The bytes `text` encodes, or nil when it is not base64 or not the canonical text of those bytes.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let string = String(text)
        guard let data = Data(base64Encoded: string), data.base64EncodedString() == string else { return nil }
        return Array(data)
    }
}
