import Foundation
import KioskCore

/// The `[attendance]` section: the zone, day boundary, curfew and debounce that attendance is judged by.
enum AttendanceSection {
    static let schema = SectionSchema<AttendancePolicy>(rules: [
        .string("timezone") { policy, name throws(ValueProblem) in policy.timeZone = try timeZone(named: name) },
        .string("day_starts_at") { policy, text throws(ValueProblem) in policy.dayStartsAt = try timeOfDay(text) },
        .string("curfew") { policy, text throws(ValueProblem) in policy.curfew = try timeOfDay(text) },
        .integer("debounce_seconds") { policy, seconds throws(ValueProblem) in policy.debounceSeconds = try debounce(seconds) },
        .choice("initial_state", of: Direction.self, noun: "a state") { policy, state in policy.initialState = state },
    ])

    /// Where the IANA time zone database lives on Linux and macOS.
    private static let zoneDatabase = "/usr/share/zoneinfo"

    /// An IANA zone name. Foundation alone also accepts names such as `GMT+5`, and its list of known names
    /// misses current ones on Linux, so the name must also be a file of the zone database.
    static func timeZone(named name: String) throws(ValueProblem) -> TimeZone {
        var isDirectory: ObjCBool = false
        let isZoneFile =
            !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
            && FileManager.default.fileExists(atPath: zoneDatabase + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
        guard let zone = TimeZone(identifier: name), isZoneFile || TimeZone.knownTimeZoneIdentifiers.contains(name) else {
            throw ValueProblem("\(ValueProblem.quote(name)) is not an IANA time zone name (e.g. Asia/Kolkata)")
        }
        return zone
    }

    static func timeOfDay(_ text: String) throws(ValueProblem) -> TimeOfDay {
        guard let time = TimeOfDay(parsing: text) else {
            throw ValueProblem("\(ValueProblem.quote(text)) is not a time of day (HH:MM, 00:00-23:59)")
        }
        return time
    }

    static func debounce(_ seconds: Int) throws(ValueProblem) -> Int {
        guard AttendancePolicy.debounceRange.contains(seconds) else {
            throw ValueProblem(
                "\(seconds) is out of range; give \(AttendancePolicy.debounceRange.lowerBound) to \(AttendancePolicy.debounceRange.upperBound) seconds"
            )
        }
        return seconds
    }
}
