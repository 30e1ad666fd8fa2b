import KioskCore
import Testing

@Suite("TimeOfDay parsing")
struct TimeOfDayTests {
    @Test("strict HH:MM is accepted", arguments: [("00:00", 0, 0), ("04:00", 4, 0), ("22:30", 22, 30), ("23:59", 23, 59), ("09:05", 9, 5)])
    func accepted(text: String, hour: Int, minute: Int) throws {
        let time = try #require(TimeOfDay(parsing: text))
        #expect(time.hour == hour)
        #expect(time.minute == minute)
        #expect(time.description == text)
    }

    @Test(
        "anything else is rejected",
        arguments: [
            "25:00", "24:00", "12:60", "99:99", "4:00", "04:0", "0400", "04:00:00", "", ":", "04:", ":00", " 04:00", "04:00 ",
            "aa:bb", "+4:00", "-1:00", "04-00", "٠٤:٠٠", "０４:００", "04h00",
        ]
    )
    func rejected(text: String) {
        #expect(TimeOfDay(parsing: text) == nil)
    }

    @Test("the memberwise initialiser checks its range")
    func ranges() {
        #expect(TimeOfDay(hour: 24, minute: 0) == nil)
        #expect(TimeOfDay(hour: -1, minute: 0) == nil)
        #expect(TimeOfDay(hour: 0, minute: 60) == nil)
        #expect(TimeOfDay(hour: 0, minute: -1) == nil)
        #expect(TimeOfDay(hour: 23, minute: 59)?.description == "23:59")
        #expect(TimeOfDay(hour: 7, minute: 3)?.description == "07:03")
    }

    @Test("times order by hour, then minute")
    func ordering() {
        #expect(Core.time("01:00") < Core.time("04:00"))
        #expect(Core.time("04:00") < Core.time("04:01"))
        #expect(Core.time("03:59") < Core.time("04:00"))
        #expect(!(Core.time("22:30") < Core.time("22:30")))
        #expect(Core.time("22:30") >= Core.time("04:00"))
    }
}

@Suite("AttendanceDate parsing and arithmetic")
struct AttendanceDateTests {
    @Test(
        "a real YYYY-MM-DD is accepted",
        arguments: ["2026-11-21", "2026-01-01", "2026-12-31", "2024-02-29", "2000-02-29", "2026-03-05", "0415-02-10"]
    )
    func accepted(text: String) throws {
        let date = try #require(AttendanceDate(parsing: text))
        #expect(date.description == text)
    }

    @Test("fields are read as numbers")
    func fields() throws {
        let date = try #require(AttendanceDate(parsing: "2026-03-05"))
        #expect(date.year == 2026)
        #expect(date.month == 3)
        #expect(date.day == 5)
        #expect(AttendanceDate(year: 2026, month: 3, day: 5) == date)
    }

    @Test(
        "dates that do not exist or are not exactly YYYY-MM-DD are rejected",
        arguments: [
            "2026-02-30", "2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32",
            "2026-1-01", "2026-01-1", "26-01-01", "02026-01-01", "2026/01/01", "2026-01-01T00:00", "", "2026--01", "2026-01-01-",
            " 2026-01-01", "２０２６-01-01", "2026-0a-01",
        ]
    )
    func rejected(text: String) {
        #expect(AttendanceDate(parsing: text) == nil)
    }

    @Test("the memberwise initialiser rejects impossible dates")
    func impossible() {
        #expect(AttendanceDate(year: 2026, month: 2, day: 30) == nil)
        #expect(AttendanceDate(year: 2026, month: 13, day: 1) == nil)
        #expect(AttendanceDate(year: 2026, month: 6, day: 31) == nil)
        #expect(AttendanceDate(year: 2026, month: 6, day: 0) == nil)
    }

    @Test(
        "next crosses month, leap-day and year ends",
        arguments: [
            ("2026-01-31", "2026-02-01"), ("2026-02-28", "2026-03-01"), ("2024-02-28", "2024-02-29"), ("2024-02-29", "2024-03-01"),
            ("2026-04-30", "2026-05-01"), ("2026-12-31", "2027-01-01"), ("2026-11-21", "2026-11-22"),
        ]
    )
    func next(day: String, following: String) {
        #expect(Core.date(day).next == Core.date(following))
        #expect(Core.date(following).previous == Core.date(day))
    }

    @Test("adding days agrees with repeated next and previous")
    func adding() {
        let start = Core.date("2026-11-21")
        var forward = start
        var backward = start
        for n in 1...400 {
            forward = forward.next
            backward = backward.previous
            #expect(start.adding(days: n) == forward)
            #expect(start.adding(days: -n) == backward)
        }
        #expect(start.adding(days: 0) == start)
        #expect(start.adding(days: 365) == Core.date("2027-11-21"))
        #expect(Core.date("2024-01-01").adding(days: 366) == Core.date("2025-01-01"))
    }

    @Test("dates order chronologically")
    func ordering() {
        #expect(Core.date("2026-11-21") < Core.date("2026-11-22"))
        #expect(Core.date("2026-11-30") < Core.date("2026-12-01"))
        #expect(Core.date("2026-12-31") < Core.date("2027-01-01"))
        #expect(Core.date("2026-02-10") < Core.date("2026-10-02"))
        #expect(!(Core.date("2026-11-21") < Core.date("2026-11-21")))
    }
}
