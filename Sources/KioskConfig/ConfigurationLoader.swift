import Foundation
public import KioskCore
import TOMLKit

/// Reads kiosk.conf: finds it by the documented search order, parses it, and checks every key, so that a
/// mistake stops the kiosk with a message naming the file, line, key and value (exit 78).
public enum ConfigurationLoader {
    /// Parses the text of a configuration file named `file`. Keys left out take the contract's defaults;
    /// relative paths are resolved against the directory of `file`.
    public static func parse(_ text: String, file: String) throws(KioskError) -> KioskConfiguration {
        let document: TOMLTable
        do {
            document = try TOMLTable(string: text)
        } catch {
            throw syntaxError(error, in: text, file: file)
        }
        var problems = ConfigurationProblems()
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        let configuration = ConfigurationDocument.read(document, directory: directory, problems: &problems)
        guard problems.isEmpty else { throw problems.error(file: file, source: text) }
        return configuration
    }

    /// `FILE:LINE:COLUMN: TOML syntax error: …`, quoting the offending line.
    private static func syntaxError(_ error: any Error, in text: String, file: String) -> KioskError {
        guard let error = error as? TOMLParseError else { return KioskError(.configuration, "\(file): \(error)") }
        let position = error.source.begin
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let quoted = lines.indices.contains(position.line - 1) ? " (got \(ValueProblem.quote(String(lines[position.line - 1]))))" : ""
        return KioskError(.configuration, "\(file):\(position.line):\(position.column): TOML syntax error: \(error.description)\(quoted)")
    }
}
