import KioskCore

/// The `[display]` section: where the gate's screen page is served and how long a greeting stays.
enum DisplaySection {
    static let schema = SectionSchema<DisplaySettings>(rules: [
        .string("web") { display, text throws(ValueProblem) in
            guard let address = ListenAddress(text) else {
                throw ValueProblem("'\(text)' is not host:port (e.g. \"127.0.0.1:8090\"); remove the key for no screen page")
            }
            display.web = address
        },
        .integer("greeting_seconds") { display, seconds throws(ValueProblem) in
            guard (1...60).contains(seconds) else { throw ValueProblem("\(seconds) is outside 1...60 seconds") }
            display.greetingSeconds = seconds
        },
    ])
}
