import KioskCore
import Testing

/// The SUN rules of CONTRACT.md "Cards that cannot be cloned", as `TagSecurity.judge` decides them.
@Suite struct CardProofTests {
    static let plain = TagSecurity(highestCounter: nil)
    static let secured = TagSecurity(highestCounter: 61)

    @Test func withoutKeysEveryCardIsKnownByItsUID() {
        #expect(Self.plain.judge(.uidOnly, requireSun: false) == .success(nil))
        #expect(Self.secured.judge(.uidOnly, requireSun: false) == .success(nil))
    }

    @Test func aCardWithoutSUNIsRefusedOnlyWhenSecuredOrRequired() {
        #expect(Self.plain.judge(.noSun, requireSun: false) == .success(nil))
        #expect(Self.plain.judge(.noSun, requireSun: true) == .failure(.notVerified))
        #expect(Self.secured.judge(.noSun, requireSun: false) == .failure(.notVerified))
    }

    @Test func aForgedSUNIsRefusedWhateverTheTag() {
        #expect(Self.plain.judge(.forged, requireSun: false) == .failure(.forged))
        #expect(Self.secured.judge(.forged, requireSun: true) == .failure(.forged))
    }

    @Test func aGenuineSUNMustRaiseTheCounter() {
        #expect(Self.plain.judge(.sun(counter: 1), requireSun: false) == .success(1))
        #expect(Self.secured.judge(.sun(counter: 62), requireSun: true) == .success(62))
        #expect(Self.secured.judge(.sun(counter: 61), requireSun: false) == .failure(.replayed))
        #expect(Self.secured.judge(.sun(counter: 3), requireSun: false) == .failure(.replayed))
        #expect(Self.plain.judge(.sun(counter: 0), requireSun: false) == .failure(.replayed))
    }

    @Test func refusalsAreNamedAsTheContractSpellsThem() {
        #expect(CardRefusal.allCases.map(\.rawValue) == ["not_verified", "forged", "replayed"])
    }
}
