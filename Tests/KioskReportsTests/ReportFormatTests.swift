import KioskCore
import KioskReports
import Testing

@Test func formatsAreNamedAsOnTheCommandLine() {
    #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "csv", "json", "html"])
}

@Test func rendererDispatchesOnTheFormat() throws {
    let report = try ReportFixture.report()
    let renderer = ReportRenderer()
    #expect(renderer.render(report, as: .text).hasPrefix("===="))
    #expect(renderer.render(report, as: .csv).hasPrefix("\u{FEFF}student_id,"))
    #expect(renderer.render(report, as: .json).hasPrefix("{\n  \"date\": \"2026-11-21\","))
    #expect(renderer.render(report, as: .html).hasPrefix("<!DOCTYPE html>"))
}

@Test func widthBelowTheMinimumIsRaised() {
    #expect(ReportRenderer(width: 10).width == ReportRenderer.minimumWidth)
    #expect(ReportRenderer(width: 48).width == 48)
}
