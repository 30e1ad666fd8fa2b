/// The instants of leaf bytes: an RFC 3339 date-time, at any offset and with any number of fraction digits, as the
/// UTC text `YYYY-MM-DDTHH:MM:SS.mmmZ` (LOG-FORMAT.md section 2). Computed on the text with integers alone.
public enum LogInstant {
    /// `text` in UTC with exactly three fraction digits, rounded to the nearest millisecond (a half to the later
    /// instant, the carry going as far as the year), or nil when `text` is not
    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)` (`T` and `Z` in either case) naming a real date and time
    /// with second 0-59, or when the date, given or in UTC, falls outside years 0001-9999.
    public static func normalized(_ text: String) -> String? {
        var bytes: [UInt8] = []
        return append(text, to: &bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The instant `text` names in milliseconds since the Unix epoch, the fraction rounded as `normalized` rounds
    /// it; nil when `normalized(text)` is nil.
    static func utcMilliseconds(_ text: String) -> Int64? {
        let parsed = text.utf8.withContiguousStorageIfAvailable { Parts($0) } ?? Parts(Array(text.utf8))
        guard let milliseconds = parsed?.utcMilliseconds, isWritable(milliseconds) else { return nil }
        return milliseconds
    }

    /// Whether the instant `utcMilliseconds` after the Unix epoch falls in the years 0001-9999 in UTC.
    static func isWritable(_ utcMilliseconds: Int64) -> Bool {
        (firstWritable...lastWritable).contains(utcMilliseconds)
    }

    /// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.
    private static let firstWritable = daysSinceEpoch(year: 1, month: 1, day: 1) * millisecondsPerDay
    private static let lastWritable = daysSinceEpoch(year: 10_000, month: 1, day: 1) * millisecondsPerDay - 1

    /// Appends the 24 bytes of `normalized(text)` to `bytes` and returns true, or returns false when it is nil.
    static func append(_ text: String, to bytes: inout [UInt8]) -> Bool {
        guard let milliseconds = utcMilliseconds(text) else { return false }
        return append(utcMilliseconds: milliseconds, to: &bytes)
    }

    /// Appends the instant `utcMilliseconds` after the Unix epoch as `YYYY-MM-DDTHH:MM:SS.mmmZ` and returns true, or
    /// returns false when it falls outside the years 0001-9999.
    static func append(utcMilliseconds: Int64, to bytes: inout [UInt8]) -> Bool {
        guard isWritable(utcMilliseconds) else { return false }
        let (days, millisecondOfDay) = floorDivision(utcMilliseconds, by: millisecondsPerDay)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let (hour, minute, second, millisecond) = (
            millisecondOfDay / 3_600_000, millisecondOfDay / 60_000 % 60, millisecondOfDay / 1_000 % 60, millisecondOfDay % 1_000
        )
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            var position = 0
            func write(_ value: Int64, digits: Int, then separator: Unicode.Scalar) {
                var value = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    text[position + offset] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                }
                text[position + digits] = UInt8(ascii: separator)
                position += digits + 1
            }
            write(year, digits: 4, then: "-")
            write(month, digits: 2, then: "-")
            write(day, digits: 2, then: "T")
            write(hour, digits: 2, then: ":")
            write(minute, digits: 2, then: ":")
            write(second, digits: 2, then: ".")
            write(millisecond, digits: 3, then: "Z")
            bytes.append(contentsOf: text)
        }
        return true
    }

    private static let millisecondsPerDay: Int64 = 86_400_000

    /// The fields of a well-formed date-time, checked for range.
    private struct Parts {
        /// Milliseconds since 1970-01-01T00:00:00Z, the fraction rounded.
        let utcMilliseconds: Int64

        init?(_ bytes: some RandomAccessCollection<UInt8>) {
            var scanner = Scanner(bytes: bytes)
            guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
                let day = scanner.number(2), scanner.skip("T") || scanner.skip("t"),
                let hour = scanner.number(2), scanner.skip(":"), let minute = scanner.number(2), scanner.skip(":"),
                let second = scanner.number(2)
            else { return nil }
            var millisecond: Int64 = 0
            if scanner.skip(".") {
                guard let (milliseconds, roundsUp) = scanner.fraction() else { return nil }
                millisecond = milliseconds + (roundsUp ? 1 : 0)
            }
            guard let offsetMinutes = scanner.offsetMinutes() else { return nil }
            guard scanner.atEnd, (1...9999).contains(year), (1...12).contains(month), day >= 1,
                day <= daysInMonth(year: year, month: month), hour <= 23, minute <= 59, second <= 59
            else { return nil }
            let days = daysSinceEpoch(year: year, month: month, day: day)
            let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
            utcMilliseconds = seconds * 1_000 + millisecond
        }
    }

    /// Reads ASCII fields from the front of the text.
    private struct Scanner<Bytes: RandomAccessCollection<UInt8>> {
        let bytes: Bytes
        var position = 0

        var atEnd: Bool { position == bytes.count }

        private func byte(_ offset: Int) -> UInt8 {
            bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
        }

        /// Exactly `width` decimal digits.
        mutating func number(_ width: Int) -> Int64? {
            guard bytes.count - position >= width else { return nil }
            var value: Int64 = 0
            for offset in position..<position + width {
                guard let digit = Self.digit(byte(offset)) else { return nil }
                value = value * 10 + digit
            }
            position += width
            return value
        }

        /// Skips `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, byte(position) == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// `Z` or `z` (0), or `+HH:MM` or `-HH:MM` with HH in 00-23 and MM in 00-59: minutes east of UTC.
        mutating func offsetMinutes() -> Int64? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int64
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(2), skip(":"), let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            return sign * (hours * 60 + minutes)
        }

        /// One or more fraction digits: the whole milliseconds, and whether the rest is half a millisecond or more.
        mutating func fraction() -> (milliseconds: Int64, roundsUp: Bool)? {
            let start = position
            var milliseconds: Int64 = 0
            var roundsUp = false
            while position < bytes.count, let digit = Self.digit(byte(position)) {
                switch position - start {
                case 0..<3: milliseconds = milliseconds * 10 + digit
                case 3: roundsUp = digit >= 5
                default: break
                }
                position += 1
            }
            guard position > start else { return nil }
            for _ in min(position - start, 3)..<3 { milliseconds *= 10 }
            return (milliseconds, roundsUp)
        }

        private static func digit(_ byte: UInt8) -> Int64? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
        }
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(shiftedYear, by: 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let (era, dayOfEra) = floorDivision(days + 719_468, by: 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The quotient rounded down and the remainder in `0..<divisor`.
    private static func floorDivision(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}
