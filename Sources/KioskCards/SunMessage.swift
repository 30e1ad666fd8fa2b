/// The SUN a card showed in its NDEF URI (NTAG424.md, verification step 2): the encrypted PICC data and the MAC,
/// not yet verified.
public struct SunMessage: Sendable, Hashable {
    /// The URI the card gave, rebuilt from its NDEF record.
    public let uri: String
    /// `picc_data`: 16 bytes, the UID and read counter encrypted under K_SDMMetaRead.
    public let piccData: [UInt8]
    /// `cmac`: the 8 bytes of the truncated MAC.
    public let mac: [UInt8]

    /// The SUN of `uri`: its query must hold `picc_data` (32 hex digits) and `cmac` (16 hex digits), once each.
    public init(uri: String) throws(SunAbsence) {
        var values: [String: [Substring]] = [:]
        if let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first?.split(separator: "#", maxSplits: 1).first {
            for parameter in query.split(separator: "&") {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                values[String(pair[0]), default: []].append(pair.count == 2 ? pair[1] : "")
            }
        }
        self.uri = uri
        piccData = try Self.parameter("picc_data", values, bytes: 16)
        mac = try Self.parameter("cmac", values, bytes: 8)
    }

    private static func parameter(_ name: String, _ values: [String: [Substring]], bytes: Int) throws(SunAbsence) -> [UInt8] {
        guard let given = values[name], given.count == 1 else {
            throw SunAbsence("the card's URI has \(values[name]?.count ?? 0) `\(name)` parameters, not one")
        }
        guard let value = HexBytes.parse(given[0]), value.count == bytes else {
            throw SunAbsence("the URI's `\(name)` is not \(bytes * 2) hex digits")
        }
        return value
    }
}
