import Foundation

/// The real CUPS that scripts/cups-fixture.sh starts, with the cups-pdf printers `PDF` (the default) and `Jammed`
/// (disabled: "paper jam"); `KIOSK_TEST_CUPS` is where cups-pdf writes this user's PDFs. Tests that need it are
/// skipped when it is not set, unless KIOSK_REQUIRE_FIXTURES=1 (CI), when they fail instead.
enum CUPSFixture {
    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Whether the printing tests run: always when fixtures are required, so that their absence fails.
    static var shouldRun: Bool { environment["KIOSK_TEST_CUPS"] != nil || environment["KIOSK_REQUIRE_FIXTURES"] == "1" }

    /// The directory cups-pdf writes into; fails the test when the fixture is not there.
    static func outputDirectory() throws -> URL {
        guard let path = environment["KIOSK_TEST_CUPS"], !path.isEmpty else {
            throw CUPSFixtureError("KIOSK_TEST_CUPS is not set: run the tests with scripts/test.sh (as root), which starts CUPS")
        }
        return URL(fileURLWithPath: path)
    }

    /// The PDF cups-pdf made of job `PDF-12` (its file name ends in `job_12.pdf`), once it is complete.
    static func pdf(ofJob job: String, timeout: Duration = .seconds(60)) async throws -> URL {
        let directory = try outputDirectory()
        let number = String(job.split(separator: "-").last ?? "")
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if let name = names.first(where: { $0.hasSuffix("job_\(number).pdf") }) {
                let file = directory.appendingPathComponent(name)
                if (try? Poppler.run("pdfinfo", file.path)) != nil { return file }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CUPSFixtureError("cups-pdf wrote no PDF of job \(job) into \(directory.path) within \(timeout)")
    }

    /// The job id in the kiosk's `sent the … to … (job PDF-12)`.
    static func job(in output: String) -> String? {
        guard let start = output.range(of: "(job ") else { return nil }
        return output[start.upperBound...].split(separator: ")").first.map(String.init)
    }
}

/// The poppler-utils programs that read a PDF back: pdfinfo, pdftotext, pdffonts, pdftoppm.
enum Poppler {
    /// Runs `tool` with `arguments` and returns its standard output; throws when it fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: String...) throws -> String {
        let run = try KioskRun(arguments, executable: URL(fileURLWithPath: "/usr/bin/\(tool)"))
        guard run.status == 0 else { throw CUPSFixtureError("\(tool) \(arguments.joined(separator: " ")) failed: \(run.stderr)") }
        return run.stdout
    }

    /// The page size `pdfinfo` gives, in points: `595 x 842`.
    static func pageSize(_ pdf: URL) throws -> String {
        let line = try run("pdfinfo", pdf.path).split(separator: "\n").first { $0.hasPrefix("Page size:") } ?? ""
        return line.dropFirst("Page size:".count).trimmingCharacters(in: .whitespaces).components(separatedBy: " pts").first ?? ""
    }
}

/// The printing fixture is missing, or what it printed could not be read back.
struct CUPSFixtureError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
