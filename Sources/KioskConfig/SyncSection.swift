import Foundation
import KioskCore
import TOMLKit

/// The `[sync]` section: the hub this kiosk sends its records to. Absent means a standalone kiosk.
enum SyncSection {
    /// The section as written; a hub URL is required.
    struct Draft {
        var hubURL: URL?
        var tokenFile = "/etc/kiosk/token"
        var batchSize = SyncConfiguration.defaultBatchSize
        var backoffBase = 1
        var backoffCap = 300
        var connectTimeout = 10
        var requestTimeout = 30
        var caFile: String?
    }

    static let schema = SectionSchema<Draft>(rules: [
        .string("hub_url") { sync, text throws(ValueProblem) in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host(), !host.isEmpty
            else { throw ValueProblem("\(ValueProblem.quote(text)) is not an http(s) URL with a host (e.g. http://hub.local:8080)") }
            if let port = url.port, !(1...65535).contains(port) {
                throw ValueProblem("\(ValueProblem.quote(text)) has port \(port); a port is 1 to 65535")
            }
            sync.hubURL = url
        }
        .required("give the hub's http(s) URL, or remove [sync] for a standalone kiosk"),
        .string("token_file") { sync, path throws(ValueProblem) in
            guard !path.isEmpty else { throw ValueProblem("the token file path is empty (got '')") }
            sync.tokenFile = path
        },
        .integer("batch_size") { sync, size throws(ValueProblem) in
            sync.batchSize = try within(size, 1...SyncConfiguration.largestBatchSize, "events")
        },
        .integer("backoff_base_seconds") { sync, seconds throws(ValueProblem) in sync.backoffBase = try within(seconds, 1...3600, "seconds") },
        .integer("backoff_cap_seconds") { sync, seconds throws(ValueProblem) in sync.backoffCap = try within(seconds, 1...86400, "seconds") },
        .integer("connect_timeout_seconds") { sync, seconds throws(ValueProblem) in sync.connectTimeout = try within(seconds, 1...600, "seconds") },
        .integer("request_timeout_seconds") { sync, seconds throws(ValueProblem) in sync.requestTimeout = try within(seconds, 1...3600, "seconds") },
        .string("ca_file") { sync, path throws(ValueProblem) in
            guard !path.isEmpty else { throw ValueProblem("the CA file path is empty (got ''); remove the key to use only the system's CAs") }
            sync.caFile = path
        },
    ])

    private static func within(_ value: Int, _ range: ClosedRange<Int>, _ unit: String) throws(ValueProblem) -> Int {
        guard range.contains(value) else { throw ValueProblem("\(value) is out of range; give \(range.lowerBound) to \(range.upperBound) \(unit)") }
        return value
    }

    /// Reads `[sync]`; nil when it has problems (they are in `problems`).
    static func read(_ value: any TOMLValueConvertible, problems: inout ConfigurationProblems) -> SyncConfiguration? {
        var draft = Draft()
        let path = ConfigurationKeyPath(section: "sync")
        schema.read(value, into: &draft, at: path, problems: &problems)
        if draft.backoffCap < draft.backoffBase {
            problems.add("\(draft.backoffCap) is less than backoff_base_seconds (\(draft.backoffBase))", at: path.appending("backoff_cap_seconds"))
        }
        return draft.hubURL.map { url in
            SyncConfiguration(
                hubURL: url,
                tokenFile: draft.tokenFile,
                batchSize: draft.batchSize,
                backoffBaseSeconds: draft.backoffBase,
                backoffCapSeconds: draft.backoffCap,
                connectTimeoutSeconds: draft.connectTimeout,
                requestTimeoutSeconds: draft.requestTimeout,
                caFile: draft.caFile
            )
        }
    }
}
