/// Why a card gave no SUN message: what it answered instead (a UID-only clone's refused SELECT, a malformed NDEF
/// message, a URI without the parameters).
public struct SunAbsence: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
