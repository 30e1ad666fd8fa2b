/// The attendance of every property of a chain on one day: a summary row each, sorted by property id.
public struct ChainSummary: Sendable, Hashable {
    /// One property's counts on its own attendance day.
    public struct Row: Sendable, Hashable {
        public let propertyID: String
        public let name: String
        public let summary: AttendanceSummary

        public init(propertyID: String, name: String, summary: AttendanceSummary) {
            self.propertyID = propertyID
            self.name = name
            self.summary = summary
        }
    }

    public let date: AttendanceDate
    public let properties: [Row]

    public init(date: AttendanceDate, properties: [Row]) {
        self.date = date
        self.properties = properties
    }
}
