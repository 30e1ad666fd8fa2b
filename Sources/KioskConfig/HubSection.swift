import Foundation
import KioskCore

/// The `[hub]` section of the hub's configuration: where it listens and keeps its database.
enum HubSection {
    static let schema = SectionSchema<HubConfiguration>(rules: [
        .string("host") { hub, host throws(ValueProblem) in
            guard !host.isEmpty else { throw ValueProblem("the host is empty (got ''); e.g. 127.0.0.1 or 0.0.0.0") }
            hub.host = host
        },
        .integer("port") { hub, port throws(ValueProblem) in
            guard (1...65535).contains(port) else { throw ValueProblem("\(port) is not a TCP port (1-65535)") }
            hub.port = port
        },
        .string("data_dir") { hub, directory throws(ValueProblem) in
            guard !directory.isEmpty else { throw ValueProblem("the data directory is empty (got '')") }
            hub.dataDirectory = directory
        },
        .string("name") { hub, name throws(ValueProblem) in
            guard !name.isEmpty, RecordLimits.controlCharacter(in: name) == nil else {
                throw ValueProblem("\(ValueProblem.quote(name)) cannot name the PG: give a non-empty name without control characters")
            }
            hub.name = name
        },
        .integer("idle_timeout_seconds") { hub, seconds throws(ValueProblem) in
            guard (1...3600).contains(seconds) else { throw ValueProblem("\(seconds) is out of range; give 1 to 3600 seconds") }
            hub.idleTimeoutSeconds = seconds
        },
        .integer("max_connections") { hub, count throws(ValueProblem) in
            guard (1...65536).contains(count) else { throw ValueProblem("\(count) is out of range; give 1 to 65536 connections") }
            hub.maximumConnections = count
        },
        .string("database_url") { hub, url throws(ValueProblem) in
            if let problem = DatabaseURL.problem(url) { throw ValueProblem(problem) }
            hub.databaseURL = url
        },
        .string("database_password_file") { hub, path throws(ValueProblem) in
            guard !path.isEmpty else { throw ValueProblem("the password file is empty (got '')") }
            hub.databasePasswordFile = path
        },
        .string("log_name") { hub, name throws(ValueProblem) in
            guard !name.isEmpty, !name.contains("+"),
                !name.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
            else {
                throw ValueProblem("\(ValueProblem.quote(name)) cannot name a key: give a non-empty name without spaces, '+' or control characters")
            }
            hub.logName = name
        },
        .string("public_url") { hub, url throws(ValueProblem) in
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme), parsed.host?.isEmpty == false, parsed.query == nil
            else {
                throw ValueProblem("\(ValueProblem.quote(url)) is not an http:// or https:// address, e.g. https://pg.example.org")
            }
            hub.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        },
        .integer("database_connections") { hub, count throws(ValueProblem) in
            guard (1...200).contains(count) else { throw ValueProblem("\(count) is out of range; give 1 to 200 connections") }
            hub.databaseConnections = count
        },
    ])
}
