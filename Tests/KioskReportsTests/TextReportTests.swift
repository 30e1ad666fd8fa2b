import KioskCore
import KioskReports
import Testing

/// Columns a line takes, approximately: one per character, two for CJK ideographs.
private func columns(_ line: Substring) -> Int {
    line.reduce(0) { total, character in
        total + (character.unicodeScalars.first.map { (0x4E00...0x9FFF).contains($0.value) } == true ? 2 : 1)
    }
}

@Test(arguments: [80, 48, 32])
func textLinesFitTheWidth(width: Int) throws {
    let text = ReportRenderer(width: width).render(try ReportFixture.report(), as: .text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count > 20)
    for line in lines {
        #expect(columns(line) <= width, "\(columns(line)) > \(width): \(line)")
    }
    #expect(text.contains("…"), "the long names are truncated")
    #expect(!text.contains("Lakshminarayana"))
    #expect(!text.contains(ReportFixture.wideName))
    #expect(text.contains("欧阳明"))
}

@Test(arguments: [80, 48, 32])
func textNamesTheReportAndSaysItMayBeIncomplete(width: Int) throws {
    let text = ReportRenderer(width: width).render(try ReportFixture.report(), as: .text)
    for expected in ["gate-1", "2026-11-21", "Asia/Kolkata", "04:00", "22:30", "never", "MAY BE INCOMPLETE", "04A1B2C3D4E5F6"] {
        #expect(text.contains(expected), "missing \(expected)")
    }
    #expect(text.contains("Not returned 1"))
    #expect(text.contains("18:00"), "S001 went out at 18:00")
    #expect(text.contains("LATE"))
}

@Test func textAt80ColumnsIsATableWithOneLinePerStudent() throws {
    let text = ReportRenderer().render(try ReportFixture.report(), as: .text)
    let lines = text.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.hasPrefix("ID") })
    #expect(header.contains("Status") && header.contains("Taps"))
    let s003 = try #require(lines.first { $0.hasPrefix("S003") })
    #expect(s003.contains(ReportFixture.devanagariName))
    #expect(s003.contains("23:10") && s003.contains("20:00") && s003.hasSuffix("LATE"))
    #expect(lines.filter { $0.hasPrefix("S00") }.count == 5)
}

@Test func textAt32ColumnsIsAReceipt() throws {
    let text = ReportRenderer(width: 32).render(try ReportFixture.report(), as: .text)
    let lines = text.split(separator: "\n").map(String.init)
    let s001 = try #require(lines.first { $0.hasPrefix("S001") })
    #expect(s001.hasSuffix("NOT RETURNED"))
    #expect(s001.count == 32)
    #expect(!lines.contains { $0.hasPrefix("ID") })
}

@Test func textReportsTheLastSyncWhenThereIsOne() throws {
    let synced = try Timestamp.parse("2026-11-21T22:45:00Z")
    let text = ReportRenderer().render(try ReportFixture.report(lastSyncedAt: synced), as: .text)
    #expect(!text.contains("never"))
    #expect(text.contains("Last sync: 2026-11-22T04:15:00+05:30"))
}
