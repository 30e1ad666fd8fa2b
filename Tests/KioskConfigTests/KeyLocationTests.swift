import KioskConfig
import KioskCore
import Testing

/// The line in a message is the key's own line, however the file around it is written.
struct KeyLocationTests {
    @Test func commentsAndMultilineStringsDoNotMislead() {
        let text = """
            [kiosk]
            id = "gate-1"  # curfew = "no"
            data_dir = '''
            curfew = "not a key"
            [attendance]
            '''

            [ attendance ]   # the rules
            # curfew = "25:00"
            "curfew" = "25:00"
            """
        #expect(parseError(text)?.message.hasPrefix("kiosk.conf:10: [attendance] curfew: '25:00'") == true)
    }

    @Test func readerEntriesAreCountedAndSubtablesFollowTheirEntry() {
        let text = """
            [[readers]]
            driver = "pcsc"
            direction = "in"

            [[readers]]
            driver = "pcsc"
            direction = "up"
            """
        #expect(parseError(text)?.message.hasPrefix("kiosk.conf:7: [readers #2] direction: 'up'") == true)
    }

    @Test func dottedHeaderIsTheLineOfAnUnknownKey() {
        let text = "[attendance]\ncurfew = \"22:30\"\n\n[attendance.extra]\nvalue = 1\n"
        #expect(parseError(text)?.message.hasPrefix("kiosk.conf:4: [attendance] extra: unknown key") == true)
    }

    @Test func keyThatCannotBeFoundIsReportedWithoutALine() {
        let error = parseError("attendance = { curfew = \"25:00\" }\n")
        #expect(error?.message == "kiosk.conf: [attendance] curfew: '25:00' is not a time of day (HH:MM, 00:00-23:59)")
    }

    @Test func windowsLineEndingsCountLinesTheSame() {
        let error = parseError("[attendance]\r\n\r\ncurfew = \"24:00\"\r\n")
        #expect(error?.message.hasPrefix("kiosk.conf:3: [attendance] curfew: '24:00'") == true)
    }
}
