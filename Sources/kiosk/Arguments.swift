public import ArgumentParser
import Foundation
public import KioskCore
public import KioskReports

/// An ISO 8601 instant given on the command line; one without an offset is a usage error.
struct InstantArgument: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        guard let date = try? Timestamp.parse(argument) else { return nil }
        self.date = date
    }
}

extension AttendanceDate: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension Direction: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension LeavePassListing.Format: ExpressibleByArgument {}
