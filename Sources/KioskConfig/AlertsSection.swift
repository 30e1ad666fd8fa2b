import KioskCore
import TOMLKit

/// The `[alerts]` section of the hub's configuration and its `[[alerts.channels]]`.
enum AlertsSection {
    static let schema = SectionSchema<AlertSettings>(rules: [
        .integer("grace_minutes") { alerts, minutes throws(ValueProblem) in
            guard (0...720).contains(minutes) else { throw ValueProblem("\(minutes) is out of range; give 0 to 720 minutes") }
            alerts.graceMinutes = minutes
        },
        .integer("gate_offline_seconds") { alerts, seconds throws(ValueProblem) in
            guard (30...86_400).contains(seconds) else { throw ValueProblem("\(seconds) is out of range; give 30 to 86400 seconds") }
            alerts.gateOfflineSeconds = seconds
        },
        // The key before gate_offline_seconds, still read.
        .integer("gate_offline_minutes") { alerts, minutes throws(ValueProblem) in
            guard (1...1440).contains(minutes) else { throw ValueProblem("\(minutes) is out of range; give 1 to 1440 minutes") }
            alerts.gateOfflineSeconds = minutes * 60
        },
        .integer("travel_seconds") { alerts, seconds throws(ValueProblem) in
            guard (1...3600).contains(seconds) else { throw ValueProblem("\(seconds) is out of range; give 1 to 3600 seconds") }
            alerts.travelSeconds = seconds
        },
        .boolean("notify_parents") { alerts, notify in alerts.notifyParents = notify },
        KeyRule(key: "channels") { _, _ throws(ValueProblem) in },
    ])

    /// One `[[alerts.channels]]` entry as written.
    struct ChannelDraft {
        var kind: String?
        var url: String?
        var secretFile: String?
        var command: [String]?
        var events: Set<AlertEvent>?
    }

    static let channelSchema = SectionSchema<ChannelDraft>(rules: [
        .string("kind") { channel, kind throws(ValueProblem) in
            guard ["webhook", "command"].contains(kind) else { throw ValueProblem("\(ValueProblem.quote(kind)) is not a kind (webhook or command)") }
            channel.kind = kind
        }
        .required("give webhook or command"),
        .string("url") { channel, url throws(ValueProblem) in
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count > 8 else {
                throw ValueProblem("\(ValueProblem.quote(url)) is not an http:// or https:// URL")
            }
            channel.url = url
        },
        .string("secret_file") { channel, path throws(ValueProblem) in
            guard !path.isEmpty else { throw ValueProblem("the secret file is empty (got '')") }
            channel.secretFile = path
        },
        .strings("command") { channel, command throws(ValueProblem) in
            guard let program = command.first, program.hasPrefix("/") else {
                throw ValueProblem("give the program as an absolute path first, then its arguments, e.g. [\"/usr/local/bin/notify-warden\"]")
            }
            channel.command = command
        },
        .strings("events") { channel, names throws(ValueProblem) in
            var events: Set<AlertEvent> = []
            for name in names {
                guard let event = AlertEvent(rawValue: name) else {
                    throw ValueProblem(
                        "\(ValueProblem.quote(name)) is not an alert (\(ValueProblem.alternatives(AlertEvent.allCases.map(\.rawValue))))"
                    )
                }
                events.insert(event)
            }
            channel.events = events
        },
    ])

    /// Reads the `[alerts]` table, its channels included.
    static func read(_ value: any TOMLValueConvertible, into alerts: inout AlertSettings, problems: inout ConfigurationProblems) {
        let section = ConfigurationKeyPath(section: "alerts")
        schema.read(value, into: &alerts, at: section, problems: &problems)
        guard let channels = value.table?["channels"] else { return }
        guard let entries = channels.array else {
            problems.add("expected an array of tables, written [[alerts.channels]]", at: section.appending("channels"))
            return
        }
        for (index, entry) in entries.enumerated() {
            let path = ConfigurationKeyPath(section: "alerts.channels", index: index)
            var draft = ChannelDraft()
            channelSchema.read(entry, into: &draft, at: path, problems: &problems)
            let events = draft.events ?? Set(AlertEvent.allCases)
            // A key that is there but wrong has its own problem already: "missing" is said only of an absent one.
            func absent(_ key: String) -> Bool { entry.table?[key] == nil }
            switch draft.kind {
            case "webhook":
                guard let url = draft.url else {
                    if absent("url") { problems.add("missing; a webhook channel needs the URL to POST to", at: path.appending("url"), lineOf: path) }
                    continue
                }
                alerts.channels.append(AlertChannel(delivery: .webhook(url: url, secretFile: draft.secretFile), events: events))
            case "command":
                guard let command = draft.command else {
                    if absent("command") {
                        problems.add("missing; a command channel needs the program to run", at: path.appending("command"), lineOf: path)
                    }
                    continue
                }
                alerts.channels.append(AlertChannel(delivery: .command(command), events: events))
            default: continue
            }
        }
    }
}
