import Foundation
import KioskCore
import KioskReports
import Testing

@Test func htmlIsOnePrintableDocumentWithOneTable() throws {
    let html = ReportRenderer().render(try ReportFixture.report(), as: .html)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<meta charset=\"utf-8\">"))
    #expect(html.contains("<title>Attendance 2026-11-21, gate-1</title>"))
    #expect(html.contains("@page { size: A4; margin: 12mm; margin-bottom: 16mm; @bottom-center { content: \"Page \" counter(page)"))
    #expect(html.contains("<thead>"))
    #expect(html.ranges(of: "<table").count == 1)
    #expect(html.ranges(of: "<tr").count == 1 + 5, "a header row and five students")
    #expect(html.hasSuffix("</html>\n"))
}

@Test func htmlEscapesUserText() throws {
    let html = ReportRenderer().render(try ReportFixture.report(), as: .html)
    #expect(!html.contains("<script"))
    #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
    #expect(html.contains("Rao, &quot;Ravi&quot;"))
    #expect(html.contains(ReportFixture.devanagariName))
}

@Test func htmlShowsCountsAndCompleteness() throws {
    let html = ReportRenderer().render(try ReportFixture.report(), as: .html)
    #expect(html.contains("Not returned <strong>1</strong>"))
    #expect(html.contains("<code>04A1B2C3D4E5F6</code>: 2 reads"))
    #expect(html.contains("The data may be incomplete"))
    let stamp = try #require(html.range(of: "<p class=\"stamp attention\">The data may be incomplete: "))
    #expect(stamp.lowerBound < (try #require(html.range(of: "<table"))).lowerBound, "the completeness stamp heads the page")
    #expect(html.contains("last sync never"))
}
