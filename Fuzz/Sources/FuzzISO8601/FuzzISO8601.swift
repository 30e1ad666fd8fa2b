import Foundation
import FuzzDriver
import KioskCore
import KioskWire

/// Any text as an ISO 8601 argument: an instant parsed from it has an offset, is formatted on the wire and parses
/// back to the same millisecond; a date parsed as `YYYY-MM-DD` prints back as itself.
@_cdecl("FuzzISO8601_main")
func fuzzISO8601(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        let text = String(decoding: bytes(data, size), as: UTF8.self)
        if let instant = ISO8601Instant.parse(text) {
            let wire = WireTime.format(instant)
            let back = WireTime.parse(wire)
            precondition(back.map { abs($0.timeIntervalSince(instant)) < 0.001 } == true, "'\(text)' does not survive the wire: \(wire)")
        }
        if let date = AttendanceDate(parsing: text) {
            precondition(AttendanceDate(parsing: "\(date)") == date, "'\(text)' does not print back")
        }
        return 0
    }
}
