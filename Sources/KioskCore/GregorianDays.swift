/// Days of the proleptic Gregorian calendar counted from 1970-01-01, by arithmetic (Howard Hinnant's
/// `days_from_civil` and `civil_from_days`): what reading and writing wire instants needs, without a `Calendar`.
/// Valid from 1583, the first whole year of the Gregorian calendar; earlier dates are Foundation's to convert.
public enum GregorianDays {
    /// The first year these days agree with Foundation's Gregorian calendar.
    public static let firstYear = 1583

    /// Days from 1970-01-01 to `year`-`month`-`day` (negative before it).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day `days` after 1970-01-01.
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
