import KioskCore
import KioskJournal
import KioskPrinting

extension DoctorChecks {
    /// When the day close prints (`[reports] print = true`): CUPS runs, the printer exists and accepts jobs,
    /// WeasyPrint is there for A4 pages, and a font is installed for every script of the roster's names.
    func printing() async -> [DoctorCheck] {
        let reports = configuration.reports
        guard reports.print else { return [.ok("printing", "off ([reports] print = false)")] }
        var checks = [await printer(reports.printing.printer)]
        if reports.printing.format == .a4 {
            checks.append(
                ExternalCommand("weasyprint", [], package: "weasyprint").executable == nil
                    ? .problem("weasyprint", "not installed: A4 pages cannot be laid out", fix: "sudo apt-get install weasyprint")
                    : .ok("weasyprint", "installed, lays out the A4 pages")
            )
        }
        let names = (try? await Journal.open(path: configuration.journalPath, kioskID: configuration.kioskID, for: .reading).roster()) ?? []
        return checks + (await fonts(for: names.map(\.student.name)))
    }

    /// CUPS is reachable and the printer (the configured one, else the default destination) accepts and prints jobs.
    private func printer(_ configured: String?) async -> DoctorCheck {
        do {
            guard try await CUPSStatus.schedulerRuns() else {
                return .problem("printer", "the CUPS scheduler is not running", fix: "sudo systemctl enable --now cups")
            }
            var name = configured
            if name == nil { name = try await CUPSStatus.defaultPrinter() }
            guard let name else {
                return .problem(
                    "printer",
                    "no printer in [reports] and CUPS has no default printer",
                    fix: "set printer = \"NAME\" in the [reports] section (`lpstat -p` lists them), or `sudo lpadmin -d NAME`"
                )
            }
            guard let status = try await CUPSStatus.printer(name) else {
                return .problem(
                    "printer \(name)",
                    "CUPS has no printer \(name)",
                    fix: "`lpstat -p` lists the printers; add it with lpadmin or correct [reports] printer"
                )
            }
            guard status.enabled, status.accepting else {
                return .problem(
                    "printer \(name)",
                    status.summary,
                    fix: "once the printer is ready: sudo cupsenable \(name) && sudo cupsaccept \(name)"
                )
            }
            return .ok("printer \(name)", status.summary)
        } catch {
            return .problem("printer", error.message, fix: "sudo apt-get install cups cups-client, then add the printer with lpadmin")
        }
    }

    /// A font for each script the roster's names are written in, or the package that brings one.
    private func fonts(for names: [String]) async -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        for (script, example) in WritingScript.used(by: names) {
            do {
                let families = try await FontCoverage.families(for: script)
                checks.append(
                    families.isEmpty
                        ? .problem(
                            "font for \(script.name)",
                            "none installed: names such as \(example) print as empty boxes",
                            fix: "sudo apt-get install \(FontCoverage.package)"
                        )
                        : .ok("font for \(script.name)", families.sorted().first ?? "")
                )
            } catch {
                checks.append(.problem("font for \(script.name)", error.message, fix: "sudo apt-get install fontconfig \(FontCoverage.package)"))
            }
        }
        return checks
    }
}
