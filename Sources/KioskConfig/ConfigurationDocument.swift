import Foundation
import KioskCore
import TOMLKit

/// A parsed kiosk.conf turned into a configuration: each known section read by its schema, everything
/// else reported, and relative paths resolved against the configuration file's directory.
enum ConfigurationDocument {
    private static let sections = ["kiosk", "attendance", "readers", "sync", "reports", "cards", "journal", "display"]

    /// The configuration `document` describes; what is wrong with it goes to `problems`.
    static func read(_ document: TOMLTable, directory: URL, problems: inout ConfigurationProblems) -> KioskConfiguration {
        var configuration = KioskConfiguration()
        for (name, value) in document {
            let section = ConfigurationKeyPath(section: name)
            switch name {
            case "kiosk": KioskSection.schema.read(value, into: &configuration, at: section, problems: &problems)
            case "attendance": AttendanceSection.schema.read(value, into: &configuration.attendance, at: section, problems: &problems)
            case "readers": configuration.readers = ReaderSection.read(value, problems: &problems)
            case "sync": configuration.sync = SyncSection.read(value, problems: &problems)
            case "reports": ReportsSection.schema.read(value, into: &configuration.reports, at: section, problems: &problems)
            case "cards": CardsSection.schema.read(value, into: &configuration.cards, at: section, problems: &problems)
            case "display": DisplaySection.schema.read(value, into: &configuration.display, at: section, problems: &problems)
            case "journal": RetentionSection.schema.read(value, into: &configuration.retention, at: section, problems: &problems)
            default:
                let known = "known sections: " + sections.map { $0 == "readers" ? "[[readers]]" : "[\($0)]" }.joined(separator: ", ")
                if value.type == .table || value.type == .array {
                    problems.add("unknown section (\(known))", at: section)
                } else {
                    problems.add("unknown key outside any section (\(known))", at: ConfigurationKeyPath(key: name))
                }
            }
        }
        configuration.dataDirectory = resolve(configuration.dataDirectory, against: directory)
        if let problem = DataDirectory.problem(configuration.dataDirectory) {
            problems.add(problem, at: ConfigurationKeyPath(section: "kiosk", key: "data_dir"))
        }
        if let tokenFile = configuration.sync?.tokenFile {
            configuration.sync?.tokenFile = resolve(tokenFile, against: directory)
        }
        if let caFile = configuration.sync?.caFile {
            configuration.sync?.caFile = resolve(caFile, against: directory)
        }
        if let keysFile = configuration.cards.sunKeysFile {
            configuration.cards.sunKeysFile = resolve(keysFile, against: directory)
        } else if configuration.cards.requireSun {
            problems.add(
                "require_sun needs sun_keys_file: without the keys no card can prove itself",
                at: ConfigurationKeyPath(section: "cards", key: "require_sun")
            )
        }
        return configuration
    }

    /// A path as written in the file, relative ones taken from the file's directory.
    private static func resolve(_ path: String, against directory: URL) -> String {
        path.hasPrefix("/") ? path : directory.appending(path: path).standardizedFileURL.path
    }
}
