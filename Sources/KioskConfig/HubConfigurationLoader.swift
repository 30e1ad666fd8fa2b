import Foundation
public import KioskCore
import TOMLKit

/// Reads the hub's configuration file: a `[hub]` section, the same `[attendance]` section as kiosk.conf and a
/// `[reports]` section of printing keys and a `[retention]` section, every key checked, problems named by file, line
/// and key (exit 78).
public enum HubConfigurationLoader {
    /// The configuration in `file`, or the defaults when `file` is nil.
    public static func load(file: String?) throws(KioskError) -> HubConfiguration {
        guard let file else { return HubConfiguration() }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw KioskError(.configuration, "\(file): no such configuration file, or it cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw KioskError(.configuration, "\(file): the configuration file is not UTF-8 text")
        }
        return try parse(text, file: file)
    }

    /// Parses the text of a hub configuration file named `file`; a relative data_dir is taken from its directory.
    public static func parse(_ text: String, file: String) throws(KioskError) -> HubConfiguration {
        let document = try TOMLDocument.parse(text, file: file)
        var problems = ConfigurationProblems()
        var configuration = HubConfiguration()
        for (name, value) in document {
            let section = ConfigurationKeyPath(section: name)
            switch name {
            case "hub": HubSection.schema.read(value, into: &configuration, at: section, problems: &problems)
            case "attendance": AttendanceSection.schema.read(value, into: &configuration.attendance, at: section, problems: &problems)
            case "alerts": AlertsSection.read(value, into: &configuration.alerts, problems: &problems)
            case "reports": HubReportsSection.schema.read(value, into: &configuration.printing, at: section, problems: &problems)
            case "retention": RetentionSection.schema.read(value, into: &configuration.retention, at: section, problems: &problems)
            case "passes": PassesSection.schema.read(value, into: &configuration.passes, at: section, problems: &problems)
            default: problems.add("unknown section (known sections: [hub], [attendance], [alerts], [reports], [retention], [passes])", at: section)
            }
        }
        if !configuration.dataDirectory.hasPrefix("/") {
            let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
            configuration.dataDirectory = directory.appending(path: configuration.dataDirectory).standardizedFileURL.path
        }
        if let problem = DataDirectory.problem(configuration.dataDirectory) {
            problems.add(problem, at: ConfigurationKeyPath(section: "hub", key: "data_dir"))
        }
        if configuration.passes.parentApproval, configuration.publicURL == nil {
            problems.add(
                "missing; parent_approval = true needs [hub] public_url, the address parents' approval links start with",
                at: ConfigurationKeyPath(section: "hub", key: "public_url"),
                lineOf: ConfigurationKeyPath(section: "passes", key: "parent_approval")
            )
        }
        guard problems.isEmpty else { throw problems.error(file: file, source: text) }
        return configuration
    }
}
