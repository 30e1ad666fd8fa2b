public import Foundation

/// What erasing a student leaves of them (CONTRACT.md "Erasure"): a pseudonym in place of their id in the events they
/// made, and a row under it, with no name or room, in the reports of the days before they were erased.
public enum StudentErasure {
    /// `erased-<8 lowercase hex>` of `randomBits` (any 32 bits).
    public static func pseudonym(randomBits: UInt32) -> String {
        let hex = String(randomBits, radix: 16)
        return "erased-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The student a report counts under `pseudonym`: active, named by the pseudonym, in no room.
    public static func reportedStudent(_ pseudonym: String) -> Student {
        Student(id: pseudonym, name: pseudonym, room: "", status: .active)
    }

    /// Whether `text` names one of `words` (the student's id, name and card UIDs): one of them as a whole word, case
    /// ignored, not inside a longer id or UID.
    public static func names(_ text: String, anyOf words: [String]) -> Bool {
        words.contains { !wholeWordRanges(of: $0, in: text).isEmpty }
    }

    /// `text` without the whole-word occurrences of `words`: what stays of a free-text field, such as a manual entry's
    /// reason, that names the student.
    public static func redacted(_ text: String, removing words: [String]) -> String {
        var text = text
        for word in words {
            for range in wholeWordRanges(of: word, in: text).reversed() { text.removeSubrange(range) }
        }
        return text
    }

    private static func wholeWordRanges(of word: String, in text: String) -> [Range<String.Index>] {
        guard !word.isEmpty else { return [] }
        var ranges: [Range<String.Index>] = []
        var searched = text.startIndex..<text.endIndex
        while let range = text.range(of: word, options: .caseInsensitive, range: searched) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false) { ranges.append(range) }
            searched = range.upperBound..<text.endIndex
        }
        return ranges
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}

/// A student erased, as the hub and the gates keep them: the pseudonym their events carry, and the digests naming
/// their id and cards (`WireErasure.subject`), which a gate erases from its journal.
public struct ErasedStudent: Sendable, Hashable {
    public var pseudonym: String
    public var erasedAt: Date
    public var subjects: [String]

    public init(pseudonym: String, erasedAt: Date, subjects: [String]) {
        self.pseudonym = pseudonym
        self.erasedAt = erasedAt
        self.subjects = subjects
    }
}
