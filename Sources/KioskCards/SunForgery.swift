/// Why a SUN message proves nothing: it was not made by a tag holding the PG's keys.
public struct SunForgery: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
