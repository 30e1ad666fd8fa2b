/// A warden's manual entry.
public struct ManualEntryForm: Decodable, Sendable {
    public let studentId: String
    public let direction: String
    /// An `<input type="datetime-local">` value in the property's time zone.
    public let time: String
    public let reason: String
}

/// A leave pass granted on the Passes page.
public struct PassForm: Decodable, Sendable {
    public let studentId: String
    /// `<input type="datetime-local">` values in the property's time zone.
    public let from: String
    public let until: String
    public let reason: String
    /// `request` to send it as a pass request; a pass is granted otherwise.
    public let action: String?
}

/// A pass request approved (`decision` = `approve`) or declined.
public struct DecideRequestForm: Decodable, Sendable {
    public let id: String
    public let decision: String
}

/// A pass cancelled.
public struct CancelForm: Decodable, Sendable {
    public let id: String
}
