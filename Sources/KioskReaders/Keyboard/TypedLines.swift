import CLinuxInput

/// Turns what a keyboard-wedge reader sends into the lines it typed.
public protocol TypedLines {
    /// Adds bytes read from the source; returns the lines completed by Enter.
    mutating func feed(_ bytes: [UInt8]) -> [String]
}

/// Lines of text, as typed into standard input.
public struct TextLines: TypedLines {
    private var pending: [UInt8] = []

    public init() {}

    public mutating func feed(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D {
                if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
                pending.removeAll()
            } else {
                pending.append(byte)
            }
        }
        return lines
    }
}

/// Key presses from an evdev device (`struct input_event` records): digits, a-f and Enter.
public struct EvdevLines: TypedLines {
    private var pending: [UInt8] = []
    private var typed = ""

    public init() {}

    private static let size = MemoryLayout<input_event>.size
    private static let typeOffset = MemoryLayout<input_event>.offset(of: \.type) ?? 16
    private static let codeOffset = MemoryLayout<input_event>.offset(of: \.code) ?? 18
    private static let valueOffset = MemoryLayout<input_event>.offset(of: \.value) ?? 20
    private static let enterKeys: Set<UInt16> = [UInt16(KEY_ENTER), UInt16(KEY_KPENTER)]
    private static let characters: [UInt16: Character] = {
        var map: [UInt16: Character] = [:]
        let rows: [(Int32, Character)] = [
            (KEY_1, "1"), (KEY_2, "2"), (KEY_3, "3"), (KEY_4, "4"), (KEY_5, "5"), (KEY_6, "6"), (KEY_7, "7"), (KEY_8, "8"),
            (KEY_9, "9"), (KEY_0, "0"), (KEY_KP1, "1"), (KEY_KP2, "2"), (KEY_KP3, "3"), (KEY_KP4, "4"), (KEY_KP5, "5"),
            (KEY_KP6, "6"), (KEY_KP7, "7"), (KEY_KP8, "8"), (KEY_KP9, "9"), (KEY_KP0, "0"), (KEY_A, "A"), (KEY_B, "B"),
            (KEY_C, "C"), (KEY_D, "D"), (KEY_E, "E"), (KEY_F, "F"),
        ]
        for (code, character) in rows { map[UInt16(code)] = character }
        return map
    }()

    public mutating func feed(_ bytes: [UInt8]) -> [String] {
        pending += bytes
        var lines: [String] = []
        while pending.count >= Self.size {
            let event = Array(pending.prefix(Self.size))
            pending.removeFirst(Self.size)
            guard Self.number(event, Self.typeOffset, 2) == UInt32(EV_KEY), Self.number(event, Self.valueOffset, 4) == 1 else { continue }
            let code = UInt16(Self.number(event, Self.codeOffset, 2))
            if Self.enterKeys.contains(code) {
                if !typed.isEmpty { lines.append(typed) }
                typed = ""
            } else if let character = Self.characters[code] {
                typed.append(character)
            }
        }
        return lines
    }

    /// A little-endian field of `count` bytes at `offset`.
    private static func number(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        (0..<count).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}
