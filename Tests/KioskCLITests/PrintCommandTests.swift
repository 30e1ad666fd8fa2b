import Foundation
import Testing

/// `kiosk report --print` and `kiosk-hub report --print` through the real CUPS of scripts/cups-fixture.sh: the PDF its
/// cups-pdf printer writes is read back with poppler-utils (page size, text, fonts).
@Suite(.enabled(if: CUPSFixture.shouldRun)) struct PrintCommandTests {
    /// Latin, Devanagari and Tamil names; Asha (S001) comes back after curfew on 3 Oct, Rahul (S002) goes out and stays out.
    static let roster = """
        student_id,name,room,tag_uid
        S001,Asha Verma,101,04A1B2C3
        S002,राहुल शर्मा,102,11223344
        S003,முருகன் செல்வம்,103,55667788
        S004,Priya Nair,104,99AABBCC

        """
    static let columns = ["ID", "Name", "Room", "Status", "First in", "Last out", "Taps", "Late"]

    private static func octoberKiosk(_ reports: String = "") throws -> KioskSandbox {
        let kiosk = try KioskSandbox(exitReader: false)
        if !reports.isEmpty {
            let text = try String(contentsOfFile: kiosk.config, encoding: .utf8)
            _ = try kiosk.write("kiosk.conf", text + "\n[reports]\n" + reports + "\n")
        }
        let imported = try kiosk.kiosk("roster", "import", try kiosk.write("roster.csv", roster))
        guard imported.status == 0 else { throw CLIError(run: imported) }
        for (uid, at) in [
            ("04A1B2C3", "2026-10-03T10:00:00+05:30"), ("04A1B2C3", "2026-10-03T23:00:00+05:30"), ("11223344", "2026-10-03T09:00:00+05:30"),
        ] {
            let tap = try kiosk.kiosk("tap", "--uid", uid, "--at", at)
            guard tap.status == 0 else { throw CLIError(run: tap) }
        }
        return kiosk
    }

    /// The PDF of the job a print command reported, after checking the command succeeded.
    private static func printed(_ run: KioskRun) async throws -> URL {
        #expect(run.status == 0, "\(run.stderr)")
        let job = try #require(CUPSFixture.job(in: run.stdout), "no job id in: \(run.stdout) \(run.stderr)")
        return try await CUPSFixture.pdf(ofJob: job)
    }

    /// Every Latin name in the text, and the Devanagari and Tamil names set in their Noto fonts, embedded.
    private static func expectEveryName(in pdf: URL, text: String) throws {
        #expect(text.contains("Asha Verma") && text.contains("Priya Nair"))
        let fonts = try Poppler.run("pdffonts", pdf.path)
        #expect(fonts.contains("NotoSansDevanagari") && fonts.contains("NotoSansTamil"), "\(fonts)")
        let embedded = fonts.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(!embedded.isEmpty && embedded.allSatisfy { $0.count > 4 && $0[$0.count - 5] == "yes" }, "every font embedded: \(fonts)")
    }

    @Test func theDailyReportPrintsOnA4WithEveryColumnTheSummaryAndTheStampOnTop() async throws {
        let kiosk = try Self.octoberKiosk()
        let pdf = try await Self.printed(try kiosk.kiosk("report", "--date", "2026-10-03", "--print"))
        #expect(try Poppler.pageSize(pdf) == "595 x 842")
        let text = try Poppler.run("pdftotext", "-layout", pdf.path, "-")
        for heading in Self.columns { #expect(text.contains(heading), "column \(heading)") }
        try Self.expectEveryName(in: pdf, text: text)
        let summary = try #require(text.range(of: "Not returned 1"))
        let stamp = try #require(text.range(of: "The data may be incomplete"))
        let table = try #require(text.range(of: "First in"))
        #expect(summary.lowerBound < table.lowerBound && stamp.lowerBound < table.lowerBound, "summary and stamp above the table")
        #expect(text.contains("late") && text.contains("Page 1 of 1"))
    }

    /// CUPS sets the A4 landscape page across an A4 sheet, as a printer prints it.
    @Test func theMonthlySheetPrintsOnA4LandscapeWithEveryDay() async throws {
        let kiosk = try Self.octoberKiosk()
        let pdf = try await Self.printed(try kiosk.kiosk("report", "--month", "2026-10", "--as-of", "2026-11-02T12:00:00+05:30", "--print"))
        #expect(try Poppler.pageSize(pdf) == "595 x 842")
        #expect(try Self.isTurned(pdf), "the landscape sheet lies across the A4 sheet")
        let text = try Poppler.run("pdftotext", "-layout", pdf.path, "-")
        #expect(text.contains("Monthly sheet 2026-10, gate-1"))
        let html = try kiosk.write("sheet.html", try kiosk.kiosk("report", "--month", "2026-10", "--format", "html").stdout)
        let page = kiosk.directory.appendingPathComponent("sheet.pdf")
        _ = try KioskRun([html, page.path], executable: URL(fileURLWithPath: "/usr/bin/weasyprint"))
        #expect(try Poppler.pageSize(page) == "841.89 x 595.276", "the sheet is laid out on A4 landscape before CUPS turns it")
        for heading in ["ID", "Name", "Room", "1", "31", "P", "L", "N", "A"] { #expect(text.contains(heading), "column \(heading)") }
        try Self.expectEveryName(in: pdf, text: text)
    }

    @Test func theHubPrintsItsReportAndSheetToo() async throws {
        let hub = try HubSandbox()
        #expect(try hub.hub("roster", "import", try hub.write("roster.csv", Self.roster)).status == 0)
        let daily = try await Self.printed(try hub.hub("report", "--date", "2026-10-03", "--print"))
        #expect(try Poppler.pageSize(daily) == "595 x 842")
        let text = try Poppler.run("pdftotext", "-layout", daily.path, "-")
        for heading in Self.columns { #expect(text.contains(heading), "column \(heading)") }
        try Self.expectEveryName(in: daily, text: text)
        let sheet = try await Self.printed(try hub.hub("report", "--month", "2026-10", "--print"))
        #expect(try Self.isTurned(sheet))
        #expect(try Poppler.run("pdftotext", sheet.path, "-").contains("Monthly sheet 2026-10, PG"))
    }

    @Test func aPrintThatFailsSaysWhyInCUPSsWordsAndExits69() async throws {
        let jammed = try Self.octoberKiosk("print = true\nprinter = \"Jammed\"")
        let waiting = try jammed.kiosk("report", "--date", "2026-10-03", "--print")
        #expect(waiting.status == 69)
        #expect(waiting.stderr.contains("printer Jammed is disabled") && waiting.stderr.contains("paper jam"), "\(waiting.stderr)")

        let missing = try Self.octoberKiosk("printer = \"NoSuchPrinter\"")
        let refused = try missing.kiosk("report", "--date", "2026-10-03", "--print")
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("lp: ") && refused.stderr.contains("does not exist"), "\(refused.stderr)")

        let noWeasyPrint = try KioskRun(
            ["report", "--date", "2026-10-03", "--print", "--config", jammed.config],
            environment: ["PATH": "/nonexistent"]
        )
        #expect(noWeasyPrint.status == 69)
        #expect(noWeasyPrint.stderr.contains("weasyprint is not installed (apt-get install weasyprint)"), "\(noWeasyPrint.stderr)")
    }

    @Test func aReceiptWidthPrintsTheTextReport() async throws {
        let kiosk = try Self.octoberKiosk()
        let pdf = try await Self.printed(try kiosk.kiosk("report", "--date", "2026-10-03", "--print", "--width", "32"))
        let text = try Poppler.run("pdftotext", "-layout", pdf.path, "-")
        #expect(text.contains("ATTENDANCE REPORT") && text.contains("Asha Verma"), "\(text)")
        #expect(!text.contains("First in"), "the text report, not the A4 page")
    }

    @Test func doctorChecksThePrinterAndAFontForEveryScriptOfTheRoster() async throws {
        let good = try Self.octoberKiosk("print = true\nprinter = \"PDF\"")
        let lines = try good.kiosk("doctor").stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ok       printer PDF: enabled and accepting jobs") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("ok       weasyprint:") })
        for script in ["Latin", "Devanagari", "Tamil"] {
            #expect(lines.contains { $0.hasPrefix("ok       font for \(script): ") }, "\(script): \(lines)")
        }
        let jammed = try Self.octoberKiosk("print = true\nprinter = \"Jammed\"")
        let problems = try jammed.kiosk("doctor").stdout
        #expect(problems.contains("PROBLEM  printer Jammed: disabled (paper jam) -- fix: once the printer is ready: sudo cupsenable Jammed"))
    }

    /// Whether the page's text runs up the A4 sheet (a landscape page set on portrait paper): its title's words are
    /// taller than they are wide.
    private static func isTurned(_ pdf: URL) throws -> Bool {
        let boxes = try Poppler.run("pdftotext", "-bbox", pdf.path, "-")
        guard let word = boxes.split(separator: "\n").first(where: { $0.contains(">Monthly<") }) else { return false }
        func value(_ name: String) -> Double? {
            guard let start = word.range(of: "\(name)=\"") else { return nil }
            return Double(word[start.upperBound...].prefix { $0 != "\"" })
        }
        guard let xMin = value("xMin"), let xMax = value("xMax"), let yMin = value("yMin"), let yMax = value("yMax") else { return false }
        return yMax - yMin > xMax - xMin
    }
}
