/// Non-negative integers written in ASCII decimal with no leading zero (`0` itself excepted), as every number in the
/// log's texts is.
enum DecimalText {
    /// The value of `text`, or nil when it is not such a decimal or exceeds `UInt64.max`.
    static func unsigned(_ text: some StringProtocol) -> UInt64? {
        let digits = text.utf8
        guard let first = digits.first, digits.count <= 20, first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// The value of `text`, or nil when it is not such a decimal or exceeds `Int64.max`.
    static func nonNegative(_ text: some StringProtocol) -> Int64? {
        unsigned(text).flatMap { Int64(exactly: $0) }
    }
}
