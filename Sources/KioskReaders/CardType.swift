/// Names the card from its ATR: PC/SC part 3 contactless ATRs carry a card name code; others are described
/// by their ATR bytes.
enum CardType {
    static func name(atr: [UInt8]) -> String {
        let rid: [UInt8] = [0xA0, 0x00, 0x00, 0x03, 0x06]
        guard atr.count >= 15, atr[0] == 0x3B, atr[7...11].elementsEqual(rid) else {
            return atr.isEmpty ? "unknown card" : "card with ATR " + atr.map(hex).joined(separator: " ")
        }
        let code = UInt16(atr[13]) << 8 | UInt16(atr[14])
        return names[code] ?? "ISO 14443 card (PC/SC name code \(hex(atr[13]))\(hex(atr[14])))"
    }

    private static let names: [UInt16: String] = [
        0x0001: "MIFARE Classic 1K", 0x0002: "MIFARE Classic 4K", 0x0003: "MIFARE Ultralight",
        0x0026: "MIFARE Mini", 0x003A: "MIFARE Ultralight C", 0x0036: "MIFARE Plus 2K SL1", 0x0037: "MIFARE Plus 4K SL1",
        0xF004: "Topaz/Jewel", 0xF011: "FeliCa 212K", 0xF012: "FeliCa 424K",
    ]

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
