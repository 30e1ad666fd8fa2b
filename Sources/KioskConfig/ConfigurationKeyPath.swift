/// Where a value sits in kiosk.conf: a section (with its position when it is one of several `[[readers]]`)
/// and a key. Printed as users should look for it: `[attendance] curfew`, `[readers #2] driver`.
struct ConfigurationKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// The table's name; nil for a key outside any section.
    var section: String?
    /// The 0-based element of an array of tables.
    var index: Int?
    var key: String?

    init(section: String? = nil, index: Int? = nil, key: String? = nil) {
        self.section = section
        self.index = index
        self.key = key
    }

    /// The path of `key` inside this section.
    func appending(_ key: String) -> ConfigurationKeyPath {
        ConfigurationKeyPath(section: section, index: index, key: key)
    }

    var description: String {
        let table = section.map { name in "[" + name + (index.map { " #\($0 + 1)" } ?? "") + "]" }
        return [table, key].compactMap { $0 }.joined(separator: " ")
    }
}
