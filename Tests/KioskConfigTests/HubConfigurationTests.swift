import KioskConfig
import KioskCore
import Testing

@Test func hubConfigurationReadsHubAndAttendanceSections() throws {
    let text = """
        [hub]
        host = "0.0.0.0"
        port = 9090
        data_dir = "hub-data"
        idle_timeout_seconds = 5
        max_connections = 100

        [attendance]
        curfew = "21:00"
        """
    let configuration = try HubConfigurationLoader.parse(text, file: "/etc/kiosk-hub/hub.conf")
    #expect(configuration.host == "0.0.0.0")
    #expect(configuration.port == 9090)
    #expect(configuration.dataDirectory == "/etc/kiosk-hub/hub-data")
    #expect(configuration.attendance.curfew.description == "21:00")
    #expect(configuration.idleTimeoutSeconds == 5)
    #expect(configuration.maximumConnections == 100)
}

@Test func hubConfigurationReadsThePrintingKeys() throws {
    let text = "[reports]\nprint_format = \"text\"\nprinter = \"Office_Laser\"\nprint_width = 48\n"
    let configuration = try HubConfigurationLoader.parse(text, file: "hub.conf")
    #expect(configuration.printing == PrintSettings(format: .text, printer: "Office_Laser", width: 48))
    #expect(try HubConfigurationLoader.parse("", file: "hub.conf").printing == PrintSettings(format: .a4, printer: nil, width: 80))
    #expect(throws: KioskError(.configuration, "hub.conf:2: [reports] print_format: 'html' is not a print format (a4 or text)")) {
        try HubConfigurationLoader.parse("[reports]\nprint_format = \"html\"\n", file: "hub.conf")
    }
}

@Test func hubConfigurationProblemsNameTheLineAndKey() {
    #expect(throws: KioskError(.configuration, "hub.conf:3: [hub] port: 70000 is not a TCP port (1-65535)")) {
        try HubConfigurationLoader.parse("[hub]\nhost = \"::1\"\nport = 70000\n", file: "hub.conf")
    }
    #expect(throws: KioskError(.configuration, "hub.conf:2: [hub] idle_timeout_seconds: 0 is out of range; give 1 to 3600 seconds")) {
        try HubConfigurationLoader.parse("[hub]\nidle_timeout_seconds = 0\n", file: "hub.conf")
    }
    #expect(
        throws: KioskError(
            .configuration,
            "hub.conf:1: [sync]: unknown section (known sections: [hub], [attendance], [alerts], [reports], [retention], [passes])"
        )
    ) {
        try HubConfigurationLoader.parse("[sync]\nhub_url = \"http://x\"\n", file: "hub.conf")
    }
}

/// A channel's wrong key gets one message, on its own line; only an absent key is "missing", on the channel's line.
@Test func aBadAlertChannelGetsOneMessageNamingItsLine() {
    let relative = "[alerts]\ngrace_minutes = 15\n\n[[alerts.channels]]\nkind = \"command\"\ncommand = [\"notify-warden\"]\n"
    #expect(
        throws: KioskError(
            .configuration,
            "hub.conf:6: [alerts.channels #1] command: give the program as an absolute path first, then its arguments, e.g. [\"/usr/local/bin/notify-warden\"]"
        )
    ) { try HubConfigurationLoader.parse(relative, file: "hub.conf") }
    let file = "[[alerts.channels]]\nkind = \"webhook\"\n\n[[alerts.channels]]\nkind = \"webhook\"\nurl = \"file:///etc/passwd\"\n"
    #expect(
        throws: KioskError(
            .configuration,
            """
            hub.conf:1: [alerts.channels #1] url: missing; a webhook channel needs the URL to POST to
            hub.conf:6: [alerts.channels #2] url: 'file:///etc/passwd' is not an http:// or https:// URL
            """
        )
    ) { try HubConfigurationLoader.parse(file, file: "hub.conf") }
}

/// `keep_days` keeps at least a year on the hub and on a kiosk alike; absent, everything is kept.
@Test func keepDaysBelowAYearIsAConfigurationErrorNamingTheKey() throws {
    #expect(try HubConfigurationLoader.parse("", file: "hub.conf").retention == nil)
    #expect(try HubConfigurationLoader.parse("[retention]\nkeep_days = 400\n", file: "hub.conf").retention == RetentionPolicy(keepDays: 400))
    let below = "364 is below 365: records are kept at least a year; give 365 or more, or remove the key to keep everything"
    #expect(throws: KioskError(.configuration, "hub.conf:2: [retention] keep_days: \(below)")) {
        try HubConfigurationLoader.parse("[retention]\nkeep_days = 364\n", file: "hub.conf")
    }
    let kiosk = try ConfigurationLoader.parse("[kiosk]\nid = \"gate-1\"\n[journal]\nkeep_days = 365\n", file: "/etc/kiosk/kiosk.conf")
    #expect(kiosk.retention == RetentionPolicy(keepDays: 365))
    let thirty = "30 is below 365: records are kept at least a year; give 365 or more, or remove the key to keep everything"
    #expect(throws: KioskError(.configuration, "kiosk.conf:4: [journal] keep_days: \(thirty)")) {
        try ConfigurationLoader.parse("[kiosk]\nid = \"gate-1\"\n[journal]\nkeep_days = 30\n", file: "kiosk.conf")
    }
}

/// `[passes]`, `[hub] public_url` and `[alerts] notify_parents`; parent approval without the address parents reach is
/// a configuration error naming the missing key.
@Test func hubConfigurationReadsTheParentsKeys() throws {
    let text = """
        [hub]
        public_url = "https://pg.example.org/"

        [alerts]
        notify_parents = true

        [passes]
        parent_approval = true
        max_days = 14
        """
    let configuration = try HubConfigurationLoader.parse(text, file: "hub.conf")
    #expect(configuration.publicURL == "https://pg.example.org")
    #expect(configuration.alerts.notifyParents)
    #expect(configuration.passes == PassSettings(parentApproval: true, maxDays: 14))
    #expect(try HubConfigurationLoader.parse("", file: "hub.conf").passes == PassSettings(parentApproval: false, maxDays: 31))
    #expect(
        throws: KioskError(
            .configuration,
            "hub.conf:2: [hub] public_url: missing; parent_approval = true needs [hub] public_url, the address parents' approval links start with"
        )
    ) {
        try HubConfigurationLoader.parse("[passes]\nparent_approval = true\n", file: "hub.conf")
    }
    #expect(throws: KioskError(.configuration, "hub.conf:2: [passes] max_days: 0 is out of range; give 1 to 366 days")) {
        try HubConfigurationLoader.parse("[passes]\nmax_days = 0\n", file: "hub.conf")
    }
    #expect(
        throws: KioskError(
            .configuration,
            "hub.conf:2: [hub] public_url: 'pg.example.org' is not an http:// or https:// address, e.g. https://pg.example.org"
        )
    ) {
        try HubConfigurationLoader.parse("[hub]\npublic_url = \"pg.example.org\"\n", file: "hub.conf")
    }
}

/// A gate is offline after 90 s of silence unless `[alerts] gate_offline_seconds` says otherwise; the older
/// `gate_offline_minutes` is still read.
@Test func gateOfflineSecondsIsReadWithItsDefaultAndTheOlderMinutesKey() throws {
    #expect(try HubConfigurationLoader.parse("", file: "hub.conf").alerts.gateOfflineSeconds == 90)
    #expect(try HubConfigurationLoader.parse("[alerts]\ngate_offline_seconds = 120\n", file: "hub.conf").alerts.gateOfflineSeconds == 120)
    #expect(try HubConfigurationLoader.parse("[alerts]\ngate_offline_minutes = 3\n", file: "hub.conf").alerts.gateOfflineSeconds == 180)
    #expect(throws: KioskError(.configuration, "hub.conf:2: [alerts] gate_offline_seconds: 10 is out of range; give 30 to 86400 seconds")) {
        try HubConfigurationLoader.parse("[alerts]\ngate_offline_seconds = 10\n", file: "hub.conf")
    }
    #expect(throws: KioskError(.configuration, "hub.conf:2: [alerts] gate_offline_seconds: expected an integer (got the string '90')")) {
        try HubConfigurationLoader.parse("[alerts]\ngate_offline_seconds = \"90\"\n", file: "hub.conf")
    }
}
