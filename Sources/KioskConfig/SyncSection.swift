import Foundation
import KioskCore
import TOMLKit

/// The `[sync]` section: the hub this kiosk sends its records to. Absent means a standalone kiosk.
enum SyncSection {
    /// The section as written; a hub URL is required.
    struct Draft {
        var hubURL: URL?
        var tokenFile = "/etc/kiosk/token"
    }

    static let schema = SectionSchema<Draft>(rules: [
        .string("hub_url") { sync, text throws(ValueProblem) in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host(), !host.isEmpty
            else { throw ValueProblem("\(ValueProblem.quote(text)) is not an http(s) URL with a host (e.g. http://hub.local:8080)") }
            sync.hubURL = url
        }
        .required("give the hub's http(s) URL, or remove [sync] for a standalone kiosk"),
        .string("token_file") { sync, path throws(ValueProblem) in
            guard !path.isEmpty else { throw ValueProblem("the token file path is empty (got '')") }
            sync.tokenFile = path
        },
    ])

    /// Reads `[sync]`; nil when it has problems (they are in `problems`).
    static func read(_ value: any TOMLValueConvertible, problems: inout ConfigurationProblems) -> SyncConfiguration? {
        var draft = Draft()
        schema.read(value, into: &draft, at: ConfigurationKeyPath(section: "sync"), problems: &problems)
        return draft.hubURL.map { SyncConfiguration(hubURL: $0, tokenFile: draft.tokenFile) }
    }
}
