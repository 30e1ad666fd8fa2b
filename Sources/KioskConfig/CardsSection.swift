import KioskCore

/// The `[cards]` section: the SUN keys file and whether every card must show a SUN.
enum CardsSection {
    static let schema = SectionSchema<CardSettings>(rules: [
        .string("sun_keys_file") { cards, path throws(ValueProblem) in
            guard !path.isEmpty else { throw ValueProblem("the keys file path is empty (got ''); remove the key to know cards by their UID") }
            cards.sunKeysFile = path
        },
        .boolean("require_sun") { cards, required in cards.requireSun = required },
    ])
}
