import Foundation

/// How a student's parent is reached (CONTRACT.md "Parents"): an e-mail address or a phone number in E.164
/// (`+919812345678`), as the roster's `parent_contact` column gives it.
public struct ParentContact: Sendable, Hashable, CustomStringConvertible {
    /// The contact as written, without surrounding spaces.
    public let value: String

    /// Checks `text` (spaces around it ignored); the problem names the value.
    public init(parsing text: String) throws(KioskError) {
        let value = text.trimmingCharacters(in: .whitespaces)
        guard Self.isPhoneNumber(value) || Self.isEmailAddress(value) else {
            throw KioskError(
                .dataError,
                "'\(value)' is neither an e-mail address nor a phone number in E.164 (a '+', the country code and the number, e.g. +919812345678)"
            )
        }
        self.value = value
    }

    public var description: String { value }

    /// Whether the contact is a phone number (else an e-mail address).
    public var isPhoneNumber: Bool { value.hasPrefix("+") }

    /// The contacts of one `parent_contact` field: `;`-separated, each checked, empty parts and repeats dropped; an
    /// empty field means none.
    public static func list(parsing field: String) throws(KioskError) -> [ParentContact] {
        var contacts: [ParentContact] = []
        for part in field.split(separator: ";") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
            let contact = try ParentContact(parsing: String(part))
            if !contacts.contains(contact) { contacts.append(contact) }
        }
        return contacts
    }

    /// E.164: `+`, then 8 to 15 digits, the first not 0.
    private static func isPhoneNumber(_ text: String) -> Bool {
        guard text.first == "+" else { return false }
        let digits = text.dropFirst()
        return (8...15).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber } && digits.first != "0"
    }

    /// A plain address `local@domain`: printable ASCII without spaces, quotes or brackets in the local part, and a
    /// domain of two or more dot-separated labels of letters, digits and inner hyphens.
    private static func isEmailAddress(_ text: String) -> Bool {
        guard text.count <= 254 else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty, local.count <= 64 else { return false }
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~.-")
        guard local.allSatisfy({ localAllowed.contains($0) }), !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else {
            return false
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }
}

extension RosterRow {
    /// The parents' contacts an import sets, by student: for each student whose rows carry the column, every contact
    /// of those rows in order, each once (a student with two cards may list them on either row).
    public static func parentContacts(of rows: [RosterRow]) -> [String: [ParentContact]] {
        var contacts: [String: [ParentContact]] = [:]
        for row in rows {
            guard let given = row.parentContacts else { continue }
            var list = contacts[row.student.id] ?? []
            for contact in given where !list.contains(contact) { list.append(contact) }
            contacts[row.student.id] = list
        }
        return contacts
    }
}
