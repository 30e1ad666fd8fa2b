import Foundation
public import KioskCore

/// Reads kiosk.conf: finds it by the documented search order, parses it, and checks every key, so that a
/// mistake stops the kiosk with a message naming the file, line, key and value (exit 78).
public enum ConfigurationLoader {
    /// Parses the text of a configuration file named `file`. Keys left out take the contract's defaults;
    /// relative paths are resolved against the directory of `file`.
    public static func parse(_ text: String, file: String) throws(KioskError) -> KioskConfiguration {
        let document = try TOMLDocument.parse(text, file: file)
        var problems = ConfigurationProblems()
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        let configuration = ConfigurationDocument.read(document, directory: directory, problems: &problems)
        guard problems.isEmpty else { throw problems.error(file: file, source: text) }
        return configuration
    }
}
