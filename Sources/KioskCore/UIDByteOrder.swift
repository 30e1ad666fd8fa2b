/// How a keyboard-wedge reader's typed UID maps to the card's UID bytes.
///
/// Hex is taken in the order printed. Decimal (the 10-digit form of cheap readers) is a little-endian number:
/// the card's first UID byte is the least significant, which is what most such readers type. `reversed`
/// reverses the bytes of either form, for readers that do the opposite.
public enum UIDByteOrder: String, Sendable, Hashable, CaseIterable {
    case standard
    case reversed
}
