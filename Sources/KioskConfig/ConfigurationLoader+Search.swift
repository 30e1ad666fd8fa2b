import Foundation
public import KioskCore

extension ConfigurationLoader {
    /// The configuration file an installed kiosk uses when no other is found.
    public static let systemPath = "/etc/kiosk/kiosk.conf"

    /// The file the search order picks: `explicit` (`--config`), else `$KIOSK_CONFIG`, else `./kiosk.conf`,
    /// else `systemPath`. Named files are returned whether or not they exist; the defaults only when they
    /// exist. Nil when none applies. Relative paths are taken from `currentDirectory`.
    public static func locate(
        explicit: String?,
        environment: [String: String],
        currentDirectory: String,
        systemPath: String = systemPath
    ) -> ConfigurationLocation? {
        let directory = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL.path }
        if let explicit {
            return ConfigurationLocation(path: absolute(explicit), source: .option)
        }
        if let named = environment["KIOSK_CONFIG"], !named.isEmpty {
            return ConfigurationLocation(path: absolute(named), source: .environment)
        }
        let defaults: [(String, ConfigurationLocation.Source)] = [(absolute("kiosk.conf"), .workingDirectory), (systemPath, .system)]
        return defaults.first { isFile($0.0) }.map { ConfigurationLocation(path: $0.0, source: $0.1) }
    }

    /// Locates, reads and parses the configuration; the defaults when no file is found. A named file that is
    /// missing or unreadable, and any problem in the file read, is a `.configuration` error.
    public static func load(
        explicit: String?,
        environment: [String: String],
        currentDirectory: String,
        systemPath: String = systemPath
    ) throws(KioskError) -> LoadedConfiguration {
        guard let location = locate(explicit: explicit, environment: environment, currentDirectory: currentDirectory, systemPath: systemPath)
        else { return LoadedConfiguration(configuration: KioskConfiguration(), path: nil) }
        let path = location.path
        let namedBy = location.source == .option ? " (named by --config)" : location.source == .environment ? " (named by $KIOSK_CONFIG)" : ""
        guard isFile(path) else { throw KioskError(.configuration, "\(path): no such configuration file\(namedBy)") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KioskError(.configuration, "\(path): the configuration file cannot be read; check its permissions\(namedBy)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw KioskError(.configuration, "\(path): the configuration file is not UTF-8 text")
        }
        return LoadedConfiguration(configuration: try parse(text, file: path), path: path)
    }

    private static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
