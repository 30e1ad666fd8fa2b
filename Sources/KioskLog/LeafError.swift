/// Why a value cannot be written into leaf bytes, or why bytes are not a well-formed leaf.
public struct LeafError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Reason: Equatable {
        case controlCharacter(field: String, value: String)
        case notUUID(field: String, value: String)
        case notInstant(field: String, value: String)
        case notIdentity(field: String, value: String)
        case empty(field: String)
        case seqOutOfRange(Int64)
        case notHex(field: String, value: String)
        case notAllowed(field: String, value: String, allowed: [String])
        case malformedLine(line: Int, expected: String)
        case notCanonical(line: Int, key: String)
        case lineCount(Int)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func controlCharacter(field: String, value: String) -> LeafError { .init(.controlCharacter(field: field, value: value)) }
    static func notUUID(field: String, value: String) -> LeafError { .init(.notUUID(field: field, value: value)) }
    static func notInstant(field: String, value: String) -> LeafError { .init(.notInstant(field: field, value: value)) }
    static func notIdentity(field: String, value: String) -> LeafError { .init(.notIdentity(field: field, value: value)) }
    static func empty(field: String) -> LeafError { .init(.empty(field: field)) }
    static func seqOutOfRange(_ seq: Int64) -> LeafError { .init(.seqOutOfRange(seq)) }
    static func notHex(field: String, value: String) -> LeafError { .init(.notHex(field: field, value: value)) }
    static func notAllowed(field: String, value: String, allowed: [String]) -> LeafError {
        .init(.notAllowed(field: field, value: value, allowed: allowed))
    }
    static func malformedLine(_ line: Int, expected: String) -> LeafError { .init(.malformedLine(line: line, expected: expected)) }
    static func notCanonical(line: Int, key: String) -> LeafError { .init(.notCanonical(line: line, key: key)) }
    static func lineCount(_ count: Int) -> LeafError { .init(.lineCount(count)) }

    public var description: String {
        switch reason {
        case .controlCharacter(let field, let value):
            "\(field) \(value.quoted) contains a control character (below U+0020, or U+007F)"
        case .notUUID(let field, let value): "\(field) \(value.quoted) is not a UUID (8-4-4-4-12 hex digits)"
        case .notInstant(let field, let value):
            "\(field) \(value.quoted) is not an RFC 3339 instant in years 0001-9999 (second 60 and impossible dates are invalid)"
        case .notIdentity(let field, let value): "\(field) \(value.quoted) contains a Unicode space or \"+\""
        case .empty(let field): "\(field) is empty"
        case .seqOutOfRange(let seq): "seq \(seq) is outside 1...\(Int64.max)"
        case .notHex(let field, let value): "\(field) \(value.quoted) is not a string of hex digits"
        case .notAllowed(let field, let value, let allowed):
            "\(field) \(value.quoted) is not one of \(allowed.joined(separator: ", "))"
        case .malformedLine(let line, let expected): "leaf line \(line): expected \(expected)"
        case .notCanonical(let line, let key): "leaf line \(line): \(key) is not written in its one canonical form"
        case .lineCount(let count): "leaf has \(count) LF-terminated lines, not 16"
        }
    }
}
