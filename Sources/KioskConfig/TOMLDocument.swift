import KioskCore
import TOMLKit

/// Parses the TOML text of a configuration file into a table, or one syntax error naming file, line and column.
enum TOMLDocument {
    static func parse(_ text: String, file: String) throws(KioskError) -> TOMLTable {
        if let problem = TOMLPreflight(text).firstProblem() {
            throw KioskError(
                .configuration,
                "\(file):\(problem.line):\(problem.column): TOML syntax error: \(problem.text)\(quotedLine(problem.line, of: text))"
            )
        }
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let position = error.source.begin
            throw KioskError(
                .configuration,
                "\(file):\(position.line):\(position.column): TOML syntax error: \(error.description)\(quotedLine(position.line, of: text))"
            )
        } catch {
            throw KioskError(.configuration, "\(file): TOML syntax error: \(error)")
        }
    }

    /// ` (got 'LINE')` for line `number` of `text`, or nothing when there is no such line.
    private static func quotedLine(_ number: Int, of text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return lines.indices.contains(number - 1) ? " (got \(ValueProblem.quote(String(lines[number - 1]))))" : ""
    }
}
