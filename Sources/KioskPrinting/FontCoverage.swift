public import KioskCore

/// Which installed fonts cover a script, as fontconfig (which WeasyPrint's Pango and CUPS's filters use) finds them.
public enum FontCoverage {
    /// The Debian package with a font for every script in `WritingScript.known`.
    public static let package = "fonts-noto-core"

    /// The families of the installed fonts that cover `script` (`fc-list :lang=hi family`); empty when none does.
    public static func families(for script: WritingScript) async throws(KioskError) -> [String] {
        let run = try await ExternalCommand("fc-list", [":lang=\(script.language)", "family"], package: "fontconfig").run()
        return run.output.split(separator: "\n").map { String($0.split(separator: ",").first ?? $0) }.filter { !$0.isEmpty }
    }
}
