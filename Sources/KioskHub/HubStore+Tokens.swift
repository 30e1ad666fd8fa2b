import Crypto
public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskLog

extension HubStore {
    /// A token as `token list` shows it: never the token itself, only the start of its hash.
    public struct TokenListing: Sendable, Hashable {
        public let holder: TokenHolder
        /// The first 12 hex digits of the token's SHA-256, which `token revoke` takes.
        public let tokenID: String
        public let createdAt: Date
    }

    /// Makes a new bearer token for kiosk `kioskID` of `property`, stores its SHA-256 and returns the token, which is
    /// never stored. A kiosk id is unique in the hub: a kiosk known at another property is refused. With `vkey`, the
    /// kiosk's log key is pinned too: its checkpoints are checked with it from now on.
    public func createToken(
        kioskID: String,
        property: String = HubProperty.defaultID,
        vkey: String? = nil,
        now: Date = WallClock.system.now()
    ) async throws(KioskError) -> String {
        _ = try await self.property(property)
        let verifier = try vkey.map { vkey throws(KioskError) in try Self.kioskLogKey(vkey, kiosk: kioskID) }
        if kioskID.hasPrefix(Self.consoleKioskPrefix) {
            throw KioskError(
                .usage,
                "kiosk ids starting with '\(Self.consoleKioskPrefix)' name the web console's entries; give this kiosk another id"
            )
        }
        if let home = try await storage.property(ofKiosk: kioskID), home != property {
            throw KioskError(
                .dataError,
                "kiosk '\(kioskID)' belongs to property '\(home)'; a kiosk id is unique in the hub, give this kiosk another id"
            )
        }
        let token = try await createToken(for: .kiosk(id: kioskID, property: property), now: now)
        if let verifier { _ = try await storage.setKioskLogKey(verifier.vkey, kiosk: kioskID, property: property, replacing: true) }
        let pinned = verifier.map { ", log key pinned: " + $0.vkey } ?? ""
        try await audit(.tokenCreate, property: property, subject: Self.tokenID(token), detail: "kiosk \(kioskID)" + pinned, now: now)
        return token
    }

    /// Makes a new token for the chain's operator: the summary over every property, nothing else.
    public func createOperatorToken(now: Date = WallClock.system.now()) async throws(KioskError) -> String {
        try await createChainToken(for: .chainOperator, now: now)
    }

    /// Makes a new token for a metrics scraper: `GET /metrics`, nothing else.
    public func createMetricsToken(now: Date = WallClock.system.now()) async throws(KioskError) -> String {
        try await createChainToken(for: .metrics, now: now)
    }

    /// A token of no property (the operator's or a scraper's), in the `default` property's audit log.
    private func createChainToken(for holder: TokenHolder, now: Date) async throws(KioskError) -> String {
        let token = try await createToken(for: holder, now: now)
        try await audit(.tokenCreate, property: HubProperty.defaultID, subject: Self.tokenID(token), detail: Self.describe(holder), now: now)
        return token
    }

    /// How the audit log names a token's holder: `kiosk gate-1`, `chain operator`, `metrics`.
    private static func describe(_ holder: TokenHolder) -> String {
        switch holder {
        case .kiosk(let id, _): "kiosk " + id
        case .chainOperator: "chain operator"
        case .metrics: "metrics"
        }
    }

    /// Whom a presented token speaks for, or nil for an unknown or revoked token.
    public func holder(presenting token: String) async throws(KioskError) -> TokenHolder? {
        try await storage.holder(tokenHash: Self.tokenHash(token))
    }

    /// Removes the tokens whose hash starts with `tokenID` (at least 8 hex digits); returns how many.
    public func revokeToken(id tokenID: String) async throws(KioskError) -> Int {
        let prefix = tokenID.lowercased()
        guard prefix.count >= 8, prefix.allSatisfy(\.isHexDigit) else {
            throw KioskError(.usage, "a token id is at least 8 hex digits as `token list` shows it, not '\(tokenID)'")
        }
        let revoked = try await tokens().filter { $0.tokenID.hasPrefix(prefix) }
        let removed = try await storage.removeTokens(hashPrefix: prefix)
        for token in revoked {
            let property = token.holder.propertyID ?? HubProperty.defaultID
            try await audit(.tokenRevoke, property: property, subject: token.tokenID, detail: Self.describe(token.holder))
        }
        return removed
    }

    /// Every token's holder, id and creation time: kiosks' by kiosk, then the operator's.
    public func tokens() async throws(KioskError) -> [TokenListing] {
        try await storage.tokens().map { TokenListing(holder: $0.holder, tokenID: String($0.hash.prefix(12)), createdAt: $0.createdAt) }
    }

    /// The id `token list` shows for `token`: the first 12 hex digits of its hash.
    static func tokenID(_ token: String) -> String {
        String(tokenHash(token).prefix(12))
    }

    private func createToken(for holder: TokenHolder, now: Date) async throws(KioskError) -> String {
        let token = "kh_" + Self.randomHex(bytes: 32)
        try await storage.addToken(hash: Self.tokenHash(token), holder: holder, createdAt: now)
        return token
    }

    /// `bytes` bytes from the system's secure generator, in hex.
    static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The SHA-256 of a bearer token in hex: what the database keeps of it.
    static func tokenHash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
