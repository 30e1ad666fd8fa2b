import HTTPTypes
import KioskCore
import Mustache
import Testing

@testable import KioskConsole

/// Every template of the console parses, and every page draws every field its context declares.
@Suite struct ConsoleTemplateTests {
    @Test func everyTemplateParses() throws {
        let library = try ConsoleTemplate.library.get()
        for template in ConsoleTemplate.allCases { #expect(library.getTemplate(named: template.rawValue) != nil, "\(template)") }
    }

    @Test(arguments: ConsolePageSamples.all)
    func eachPageShowsEveryFieldOfItsContext(_ sample: ConsolePageSamples.Sample) throws {
        let html = try sample.render()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("{{"))
        for text in ConsolePageSamples.texts(of: sample.content) { #expect(html.contains(text), "\(sample.name) does not show '\(text)'") }
        for text in sample.layoutTexts { #expect(html.contains(text), "\(sample.name) does not show '\(text)'") }
    }

    /// A page whose templates cannot be drawn is a server error naming the template, never an empty page.
    @Test func aPageThatCannotBeDrawnIsAServerError() throws {
        let page = ErrorPage(pageTitle: "404 Not Found", status: "404 Not Found", message: "no student S999")
        let error = #expect(throws: ConsoleError.self) { try ConsoleTemplate.render(page, with: .success(MustacheLibrary())) }
        #expect(error?.status == .internalServerError)
        #expect(error?.message.contains("error") == true)
        #expect(try ConsoleTemplate.render(page).contains("no student S999"))
    }
}

/// A context of each page with a distinct text in every field.
enum ConsolePageSamples {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let content: any Sendable
        let layoutTexts: [String]
        let render: @Sendable () throws -> String
        var testDescription: String { name }
    }

    static let summary = AttendanceSummary(total: 71, checkedIn: 72, checkedOut: 73, notReturned: 74, absent: 75, onLeave: 76, late: 77)

    static let parentPage = ParentPage(
        pageTitle: "p1",
        request: ParentPage.Request(
            hostel: "hostel1",
            name: "name1",
            from: "from1",
            until: "until1",
            reason: "reason1",
            token: "token1",
            csrf: "csrf1"
        ),
        outcome: ParentPage.Outcome(title: "title1", message: "message1", problem: true)
    )

    static func signedIn<Content: ConsoleContext>(_ name: String, _ content: Content) -> Sample {
        let page = ConsolePage(
            pageTitle: "pagetitle1",
            title: "title1",
            propertyName: "propertyname1",
            propertyID: "propertyid1",
            csrf: "csrf1",
            userName: "username1",
            nav: [ConsoleNavigationLink(href: "/href1", label: "label1", current: true)],
            notice: "notice1",
            problem: "problem1",
            page: content
        )
        let shown = ["pagetitle1", "title1", "propertyname1", "csrf1", "username1", "/href1", "label1", "aria-current", "notice1", "problem1"]
        return Sample(name: name, content: content, layoutTexts: shown) { try ConsoleTemplate.render(page) }
    }

    static let all: [Sample] = [
        Sample(name: "login", content: LoginPage(pageTitle: "p1", hubName: "hub1", username: "user1", problem: "problem1"), layoutTexts: []) {
            try ConsoleTemplate.render(LoginPage(pageTitle: "p1", hubName: "hub1", username: "user1", problem: "problem1"))
        },
        Sample(name: "parent", content: Self.parentPage, layoutTexts: []) { try ConsoleTemplate.render(Self.parentPage) },
        Sample(name: "error", content: ErrorPage(pageTitle: "p1", status: "status1", message: "message1"), layoutTexts: []) {
            try ConsoleTemplate.render(ErrorPage(pageTitle: "p1", status: "status1", message: "message1"))
        },
        signedIn(
            "today",
            TodayPage(
                date: "date1",
                curfew: "curfew1",
                body: TodayBody(
                    summary: summary,
                    evaluatedAt: "evaluated1",
                    groups: [
                        TodayGroup(
                            heading: "heading1",
                            id: "id1",
                            rows: [TodayStudent(name: "name1", room: "room1", gate: "gate1", time: "time1", link: "/link1")],
                            timeHeading: "timeheading1"
                        ),
                        TodayGroup(
                            heading: "heading2",
                            id: "id2",
                            rows: [TodayStudent(name: "name3", room: "room3", gate: "gate3", time: "time3", link: "/link3")],
                            timeHeading: "timeheading2"
                        ),
                    ],
                    latest: [TodayTap(time: "time2", who: "who2", outcome: "outcome2", gate: "gate2", link: "/link2")]
                )
            )
        ),
        signedIn(
            "day report",
            DayReportPage(
                date: "date1",
                curfew: "curfew1",
                evaluatedAt: "evaluated1",
                lastSyncedAt: "synced1",
                summary: summary,
                students: [
                    ReportStudent(
                        id: "id1",
                        name: "name1",
                        room: "room1",
                        status: "status1",
                        firstIn: "in1",
                        lastOut: "out1",
                        taps: 5,
                        late: "late1",
                        link: "/link1"
                    )
                ],
                unknown: [UnknownCard(uid: "uid1", reads: 3, lastSeen: "seen1")],
                query: "query1"
            )
        ),
        signedIn(
            "month",
            MonthPage(
                rows: [MonthStudent(name: "name1", room: "room1", link: "/link1", cells: ["letter1"], totals: [91])],
                days: [MonthDay(day: 92, present: 93)],
                previous: "previous1",
                next: "next1",
                previousQuery: "pquery1",
                nextQuery: "nquery1",
                query: "query1"
            )
        ),
        signedIn(
            "roster",
            RosterPage(
                students: [RosterStudent(id: "id1", name: "name1", room: "room1", status: "status1", cards: "cards1", link: "/link1")],
                count: 1,
                unknown: [UnknownCard(uid: "uid1", reads: 3, lastSeen: "seen1")]
            )
        ),
        signedIn(
            "student",
            StudentPage(
                id: "id1",
                path: "/path1",
                name: "name1",
                room: "room1",
                active: "active1",
                isActive: true,
                status: "status1",
                cards: [StudentCard(uid: "uid1")],
                parentContact: "contact1",
                photoPath: "/photoPath1",
                photo: "/photo1",
                history: [StudentTap(time: "time1", outcome: "outcome1", gate: "gate1", note: "note1")],
                historyDays: 30
            )
        ),
        signedIn(
            "passes",
            PassesPage(
                passes: [PassLine(id: "id1", name: "name1", link: "/link1", from: "from1", until: "until1", reason: "reason1")],
                requests: [
                    RequestLine(
                        id: "rid1",
                        name: "rname1",
                        link: "/rlink1",
                        from: "rfrom1",
                        until: "runtil1",
                        reason: "rreason1",
                        state: "state1",
                        pending: true
                    )
                ],
                students: [StudentChoice(id: "id2", name: "name2", room: "room2")],
                now: "now1",
                timezone: "zone1"
            )
        ),
        signedIn(
            "muster",
            MusterPage(
                students: [MusterStudent(room: "room1", name: "name1", since: "since1", gate: "gate1")],
                count: 1,
                at: "at1",
                silentGates: ["silent1"]
            )
        ),
        signedIn("alerts", AlertsPage(alerts: [AlertLine(made: "made1", event: "event1", about: "about1", delivery: "delivery1")])),
        signedIn(
            "gates",
            GatesPage(
                gates: [
                    GateLine(
                        id: "id1",
                        state: "state1",
                        lastContact: "contact1",
                        lastRecord: "record1",
                        log: "log1",
                        health: [GateFact(label: "label1", value: "value1", warns: true)]
                    )
                ],
                offlineSeconds: 94
            )
        ),
        signedIn("chain", ChainPage(properties: [ChainProperty(id: "id1", name: "name1", summary: summary)], date: "date1")),
        signedIn("manual", ManualPage(students: [StudentChoice(id: "id1", name: "name1", room: "room1")], now: "now1", timezone: "zone1")),
    ]

    /// Every text and number in `value`, however deep: what its page must show.
    static func texts(of value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let number as Int: return [String(number)]
        case is Bool: return []
        default:
            return Mirror(reflecting: value).children.flatMap { texts(of: $0.value) }
        }
    }
}

extension ConsoleTemplateTests {
    /// A table with no rows says so instead of showing an empty table.
    @Test func anEmptyTableSaysSo() throws {
        let body = TodayBody(
            summary: ConsolePageSamples.summary,
            evaluatedAt: "evaluated1",
            groups: [TodayGroup(heading: "Out", id: "out", rows: [], timeHeading: "Out at")],
            latest: []
        )
        let html = try ConsoleTemplate.render(body)
        #expect(html.contains("Nobody."))
        #expect(html.contains("No taps yet."))
        #expect(!html.contains("<table"))
    }
}
