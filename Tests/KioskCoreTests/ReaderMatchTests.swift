import KioskCore
import Testing

@Suite struct ReaderMatchTests {
    @Test func aPCSCEntryMatchesReaderNamesContainingItsMatchInAnyCase() {
        let acr = ReaderConfiguration(name: "entrance", driver: .pcsc, match: "acr122")
        #expect(acr.matchesPCSCReader(named: "ACS ACR122U PICC Interface 00 00"))
        #expect(!acr.matchesPCSCReader(named: "Kiosk Reader 00 00"))
        let any = ReaderConfiguration(name: "entrance", driver: .pcsc)
        #expect(any.matchesPCSCReader(named: "Kiosk Reader 00 01"))
    }
}
