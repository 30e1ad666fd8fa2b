import KioskConfig
import KioskCore
import Testing

/// One bad kiosk.conf and the whole message it must produce.
struct BadConfiguration: Sendable, CustomTestStringConvertible {
    let text: String
    let message: String
    var testDescription: String { message }
}

/// Every kind of mistake stops with exit status 78 and a message naming the file, line, key and value.
struct ConfigurationErrorTests {
    static let cases: [BadConfiguration] = [
        BadConfiguration(
            text: "[reports]\nformats = [\"text\", \"pdf\"]\n",
            message: "kiosk.conf:2: [reports] formats: 'pdf' is not a report format (text, csv, json or html)"
        ),
        BadConfiguration(
            text: "[reports]\nformats = []\n",
            message: "kiosk.conf:2: [reports] formats: the list is empty; give one or more of text, csv, json or html"
        ),
        BadConfiguration(
            text: "[reports]\nprint = \"yes\"\n",
            message: "kiosk.conf:2: [reports] print: expected true or false (got the string 'yes')"
        ),
        BadConfiguration(
            text: "[reports]\nprint_width = 60\n",
            message: "kiosk.conf:2: [reports] print_width: 60 is not a printer width (80, 48 or 32)"
        ),
        BadConfiguration(
            text: "[reports]\nprint_format = \"pdf\"\n",
            message: "kiosk.conf:2: [reports] print_format: 'pdf' is not a print format (a4 or text)"
        ),
        BadConfiguration(
            text: "[reports]\nprinter = \"Front Office\"\n",
            message: "kiosk.conf:2: [reports] printer: 'Front Office' is not a CUPS printer name (see `lpstat -p` for the names)"
        ),
        BadConfiguration(
            text: "[kiosk]\nid = \"a\"\n\n[attendence]\ncurfew = \"22:30\"\n",
            message:
                "kiosk.conf:4: [attendence]: unknown section (known sections: [kiosk], [attendance], [[readers]], [sync], [reports], [cards], [journal], [display])"
        ),
        BadConfiguration(
            text: "[display]\nweb = \"8090\"\n",
            message: "kiosk.conf:2: [display] web: '8090' is not host:port (e.g. \"127.0.0.1:8090\"); remove the key for no screen page"
        ),
        BadConfiguration(
            text: "[display]\ngreeting_seconds = 0\n",
            message: "kiosk.conf:2: [display] greeting_seconds: 0 is outside 1...60 seconds"
        ),
        BadConfiguration(
            text: "debounce_seconds = 10\n[attendance]\n",
            message: "kiosk.conf:1: debounce_seconds: unknown key outside any section "
                + "(known sections: [kiosk], [attendance], [[readers]], [sync], [reports], [cards], [journal], [display])"
        ),
        BadConfiguration(
            text: "[attendance]\n# curfue = \"22:30\"\ncurfue = \"22:30\"\n",
            message: "kiosk.conf:3: [attendance] curfue: unknown key "
                + "(known keys: timezone, day_starts_at, curfew, debounce_seconds, initial_state)"
        ),
        BadConfiguration(
            text: "[attendance]\ndebounce_seconds = \"10\"\n",
            message: "kiosk.conf:2: [attendance] debounce_seconds: expected an integer (got the string '10')"
        ),
        BadConfiguration(
            text: "[attendance]\ncurfew = 2230\n",
            message: "kiosk.conf:2: [attendance] curfew: expected a string (got the integer 2230)"
        ),
        BadConfiguration(
            text: "[attendance]\ntimezone = \"Mars/Olympus_Mons\"\n",
            message: "kiosk.conf:2: [attendance] timezone: 'Mars/Olympus_Mons' is not an IANA time zone name (e.g. Asia/Kolkata)"
        ),
        BadConfiguration(
            text: "[attendance]\ntimezone = \"GMT+5\"\n",
            message: "kiosk.conf:2: [attendance] timezone: 'GMT+5' is not an IANA time zone name (e.g. Asia/Kolkata)"
        ),
        BadConfiguration(
            text: "[attendance]\ntimezone = \"Asia\"\n",
            message: "kiosk.conf:2: [attendance] timezone: 'Asia' is not an IANA time zone name (e.g. Asia/Kolkata)"
        ),
        BadConfiguration(
            text: """
                [kiosk]
                id = "gate-1"

                [attendance]
                timezone = "Asia/Kolkata"
                # evening
                day_starts_at = "04:00"

                curfew = "25:00"
                """,
            message: "kiosk.conf:9: [attendance] curfew: '25:00' is not a time of day (HH:MM, 00:00-23:59)"
        ),
        BadConfiguration(
            text: "[attendance]\nday_starts_at = \"7:5\"\n",
            message: "kiosk.conf:2: [attendance] day_starts_at: '7:5' is not a time of day (HH:MM, 00:00-23:59)"
        ),
        BadConfiguration(
            text: "[attendance]\ndebounce_seconds = -5\n",
            message: "kiosk.conf:2: [attendance] debounce_seconds: -5 is out of range; give 0 to 86400 seconds"
        ),
        BadConfiguration(
            text: "[attendance]\ndebounce_seconds = 9300000000000000\n",
            message: "kiosk.conf:2: [attendance] debounce_seconds: 9300000000000000 is out of range; give 0 to 86400 seconds"
        ),
        BadConfiguration(
            text: "[kiosk]\nid = \"gate-1\"\n[sync]\nhub_url = \"http://127.0.0.1:99999\"\n",
            message: "kiosk.conf:4: [sync] hub_url: 'http://127.0.0.1:99999' has port 99999; a port is 1 to 65535"
        ),
        BadConfiguration(
            text: "[attendance]\ninitial_state = \"inside\"\n",
            message: "kiosk.conf:2: [attendance] initial_state: 'inside' is not a state (in or out)"
        ),
        BadConfiguration(
            text: "[[readers]]\ndriver = \"usb\"\n",
            message: "kiosk.conf:2: [readers #1] driver: 'usb' is not a driver (pcsc, libnfc or keyboard)"
        ),
        BadConfiguration(
            text: "[[readers]]\ndriver = \"pcsc\"\n\n[[readers]]\ndriver = \"libnfc\"\ndirection = \"both\"\n",
            message: "kiosk.conf:6: [readers #2] direction: 'both' is not a direction (toggle, in or out)"
        ),
        BadConfiguration(
            text: "[[readers]]\nname = \"\"\ndriver = \"pcsc\"\n",
            message: "kiosk.conf:2: [readers #1] name: the name is empty (got '')"
        ),
        // A reader's name is part of every record: the hub would refuse what it could not show.
        BadConfiguration(
            text: "[[readers]]\ndriver = \"pcsc\"\nname = \"gate\\u001B[2J\"\n",
            message: "kiosk.conf:3: [readers #1] name: the name 'gate\\u{1B}[2J' holds the control character U+001B; give plain text"
        ),
        BadConfiguration(
            text: "[[readers]]\ndriver = \"pcsc\"\nname = \"door\\tway\"\n",
            message: "kiosk.conf:3: [readers #1] name: the name 'door\\tway' holds the control character U+0009; give plain text"
        ),
        BadConfiguration(
            text: "[[readers]]\nname = \"gate\"\ndriver = \"pcsc\"\n[[readers]]\nname = \"gate\"\ndriver = \"libnfc\"\n",
            message: "kiosk.conf:5: [readers #2] name: 'gate' is already the name of [readers #1]"
        ),
        BadConfiguration(
            text: "[[readers]]\ndriver = \"pcsc\"\n[[readers]]\nname = \"pcsc-1\"\ndriver = \"pcsc\"\n",
            message: "kiosk.conf:4: [readers #2] name: 'pcsc-1' is already the name of [readers #1]"
        ),
        BadConfiguration(
            text: "[[readers]]\nname = \"pcsc-2\"\ndriver = \"pcsc\"\n[[readers]]\ndriver = \"pcsc\"\n",
            message: "kiosk.conf:4: [readers #2] name: the default name 'pcsc-2' is already the name of [readers #1]"
        ),
        BadConfiguration(
            text: "[[readers]]\nname = \"door\"\n",
            message: "kiosk.conf:1: [readers #1] driver: missing; give one of pcsc, libnfc or keyboard"
        ),
        BadConfiguration(
            text: "[readers]\ndriver = \"pcsc\"\n",
            message: "kiosk.conf:1: [readers]: expected an array of tables, written [[readers]] (got a table)"
        ),
        BadConfiguration(
            text: "[kiosk]\nid = \"\"\n",
            message: "kiosk.conf:2: [kiosk] id: the kiosk id is empty (got '')"
        ),
        BadConfiguration(
            text: "[kiosk]\nid = \"gate 1\"\n",
            message: "kiosk.conf:2: [kiosk] id: 'gate 1' is not a kiosk id: use only ASCII letters, digits, '-', '_' and '.'"
        ),
        BadConfiguration(
            text: "[kiosk]\nid = \"Asha's\\tgate\"\n",
            message: "kiosk.conf:2: [kiosk] id: 'Asha\\'s\\tgate' is not a kiosk id: use only ASCII letters, digits, '-', '_' and '.'"
        ),
        BadConfiguration(
            text: "[kiosk]\ndata_dir = \"\"\n",
            message: "kiosk.conf:2: [kiosk] data_dir: the data directory is empty (got '')"
        ),
        BadConfiguration(
            text: "[sync]\nhub_url = \"ftp://hub.local\"\n",
            message: "kiosk.conf:2: [sync] hub_url: 'ftp://hub.local' is not an http(s) URL with a host (e.g. http://hub.local:8080)"
        ),
        BadConfiguration(
            text: "[sync]\nhub_url = \"http://\"\n",
            message: "kiosk.conf:2: [sync] hub_url: 'http://' is not an http(s) URL with a host (e.g. http://hub.local:8080)"
        ),
        BadConfiguration(
            text: "# standalone for now\n\n[sync]\ntoken_file = \"/etc/kiosk/token\"\n",
            message: "kiosk.conf:3: [sync] hub_url: missing; give the hub's http(s) URL, or remove [sync] for a standalone kiosk"
        ),
        BadConfiguration(
            text: "[sync]\nhub_url = \"http://hub:8080\"\ntoken_file = \"\"\n",
            message: "kiosk.conf:3: [sync] token_file: the token file path is empty (got '')"
        ),
        BadConfiguration(
            text: "[sync]\nhub_url = \"http://hub:8080\"\nbatch_size = 0\n",
            message: "kiosk.conf:3: [sync] batch_size: 0 is out of range; give 1 to 5000 events"
        ),
        BadConfiguration(
            text: "[sync]\nhub_url = \"http://hub:8080\"\nbackoff_base_seconds = 10\nbackoff_cap_seconds = 5\n",
            message: "kiosk.conf:4: [sync] backoff_cap_seconds: 5 is less than backoff_base_seconds (10)"
        ),
        BadConfiguration(
            text: "[sync]\nhub_url = \"http://hub:8080\"\nrequest_timeout_seconds = \"30\"\n",
            message: "kiosk.conf:3: [sync] request_timeout_seconds: expected an integer (got the string '30')"
        ),
        BadConfiguration(
            text: "[cards]\nrequire_sun = true\n",
            message: "kiosk.conf:2: [cards] require_sun: require_sun needs sun_keys_file: without the keys no card can prove itself"
        ),
        BadConfiguration(
            text: "[cards]\nsun_keys_file = \"\"\n",
            message: "kiosk.conf:2: [cards] sun_keys_file: the keys file path is empty (got ''); remove the key to know cards by their UID"
        ),
        BadConfiguration(
            text: "[cards]\nrequire_sun = \"yes\"\nsun_keys_file = \"keys\"\n",
            message: "kiosk.conf:2: [cards] require_sun: expected true or false (got the string 'yes')"
        ),
    ]

    @Test(arguments: cases)
    func badValueIsReported(_ bad: BadConfiguration) {
        let error = parseError(bad.text)
        #expect(error?.category == .configuration)
        #expect(error?.category.exitStatus == 78)
        #expect(error?.message == bad.message)
    }

    @Test func syntaxErrorGivesLineColumnAndTheLine() throws {
        let error = try #require(parseError("[attendance]\ncurfew \"22:30\"\n"))
        #expect(error.category == .configuration)
        #expect(error.message.hasPrefix("kiosk.conf:2:"))
        #expect(error.message.contains("TOML syntax error"))
        #expect(error.message.hasSuffix("(got 'curfew \"22:30\"')"))
    }

    @Test func everyProblemIsReportedInFileOrder() {
        let text = "[attendance]\ncurfew = \"25:00\"\ninitial_state = \"away\"\n\n[kiosk]\nid = \"a b\"\n"
        #expect(
            parseError(text)?.message == """
                kiosk.conf:2: [attendance] curfew: '25:00' is not a time of day (HH:MM, 00:00-23:59)
                kiosk.conf:3: [attendance] initial_state: 'away' is not a state (in or out)
                kiosk.conf:6: [kiosk] id: 'a b' is not a kiosk id: use only ASCII letters, digits, '-', '_' and '.'
                """
        )
    }
}

/// Text the TOML parser under TOMLKit mishandles (found by fuzzing): a table name starting with a character no key
/// starts with, a key outside ASCII, or a `}` where an array expects a value, stopped the whole process (an
/// assertion); a NUL silently ended the file. Each is now a syntax error naming line and column; quoted values and
/// comments may hold any text.
@Test(arguments: [
    ("[é]\n", "kiosk.conf:1:2: TOML syntax error: a table name starts with a letter, a digit, '_' or '-', or is quoted"),
    ("[&]\n", "kiosk.conf:1:2: TOML syntax error: a table name starts with a letter, a digit, '_' or '-', or is quoted"),
    ("[[.readers]]\n", "kiosk.conf:1:3: TOML syntax error: a table name starts with a letter, a digit, '_' or '-', or is quoted"),
    ("[kiosk]\nidé = \"x\"\n", "kiosk.conf:2:3: TOML syntax error: a character outside ASCII in a key or table name"),
    ("[kiosk]\nid = \"gate\"\u{0}\n[sync]\n", "kiosk.conf:2:12: TOML syntax error: the control character U+0000"),
    ("s=[\"\",\"\",}", "kiosk.conf:1:9: TOML syntax error: a value is missing before '}'"),
    ("s=[}", "kiosk.conf:1:3: TOML syntax error: a value is missing before '}'"),
    ("s = [1, # one\n}\n", "kiosk.conf:1:7: TOML syntax error: a value is missing before '}'"),
])
func textTheTOMLParserMishandlesIsASyntaxError(text: String, message: String) {
    let error = parseError(text)
    #expect(error?.category == .configuration)
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
}

@Test func charactersOutsideASCIIInValuesAndCommentsAreFine() throws {
    let text = "# café ünïcode\n[kiosk]\nid = \"gate-1\" # राहुल\ndata_dir = \"/var/lib/kïosk\"\n"
    #expect(try ConfigurationLoader.parse(text, file: "kiosk.conf").dataDirectory == "/var/lib/kïosk")
}
