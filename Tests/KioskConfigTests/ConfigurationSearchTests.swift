import Foundation
import KioskConfig
import KioskCore
import Testing

/// `--config PATH`, else `$KIOSK_CONFIG`, else `./kiosk.conf`, else the system file, else the defaults.
struct ConfigurationSearchTests {
    /// A working directory, a system file location, and a file that names itself by its kiosk id.
    struct Layout {
        let root: TemporaryDirectory
        var work: String { root.path + "/work" }
        var system: String { root.path + "/etc/kiosk.conf" }

        init() throws {
            root = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: root.path + "/work", withIntermediateDirectories: true)
        }

        @discardableResult
        func write(_ name: String, id: String) throws -> String {
            try root.write(name, "[kiosk]\nid = \"\(id)\"\n")
        }

        func load(explicit: String? = nil, environment: [String: String] = [:]) throws(KioskError) -> LoadedConfiguration {
            try ConfigurationLoader.load(explicit: explicit, environment: environment, currentDirectory: work, systemPath: system)
        }
    }

    @Test func optionWinsOverEverything() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let option = try layout.write("option.conf", id: "option")
        let environment = try layout.write("environment.conf", id: "environment")
        try layout.write("work/kiosk.conf", id: "work")
        try layout.write("etc/kiosk.conf", id: "system")
        let loaded = try layout.load(explicit: option, environment: ["KIOSK_CONFIG": environment])
        #expect(loaded.configuration.kioskID == "option")
        #expect(loaded.path == option)
    }

    @Test func environmentWinsOverTheDefaultFiles() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let environment = try layout.write("environment.conf", id: "environment")
        try layout.write("work/kiosk.conf", id: "work")
        try layout.write("etc/kiosk.conf", id: "system")
        let loaded = try layout.load(environment: ["KIOSK_CONFIG": environment])
        #expect(loaded.configuration.kioskID == "environment")
        #expect(loaded.path == environment)
    }

    @Test func workingDirectoryWinsOverTheSystemFile() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let work = try layout.write("work/kiosk.conf", id: "work")
        try layout.write("etc/kiosk.conf", id: "system")
        let loaded = try layout.load(environment: ["KIOSK_CONFIG": ""])
        #expect(loaded.configuration.kioskID == "work")
        #expect(loaded.path == work)
    }

    @Test func systemFileIsTheLastFile() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        try layout.write("etc/kiosk.conf", id: "system")
        let loaded = try layout.load()
        #expect(loaded.configuration.kioskID == "system")
        #expect(loaded.path == layout.system)
    }

    @Test func noFileMeansTheDefaults() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let loaded = try layout.load()
        #expect(loaded.path == nil)
        #expect(loaded.configuration == KioskConfiguration())
    }

    @Test func relativeNamesAreTakenFromTheWorkingDirectory() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let file = try layout.write("work/conf/gate.conf", id: "gate")
        #expect(try layout.load(explicit: "conf/gate.conf").path == file)
        #expect(try layout.load(environment: ["KIOSK_CONFIG": "./conf/../conf/gate.conf"]).path == file)
    }

    @Test func locateSaysWhatChoseTheFile() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        func locate(_ explicit: String?, _ environment: [String: String] = [:]) -> String? {
            ConfigurationLoader.locate(explicit: explicit, environment: environment, currentDirectory: layout.work, systemPath: layout.system)
                .map { "\($0.source) \($0.isExplicit) \($0.path)" }
        }
        #expect(locate(nil) == nil)
        #expect(locate("/nowhere.conf") == "option true /nowhere.conf")
        #expect(locate(nil, ["KIOSK_CONFIG": "/env.conf"]) == "environment true /env.conf")
        try layout.write("etc/kiosk.conf", id: "system")
        #expect(locate(nil) == "system false \(layout.system)")
        try layout.write("work/kiosk.conf", id: "work")
        #expect(locate(nil) == "workingDirectory false \(layout.work)/kiosk.conf")
    }

    @Test(arguments: [("option", "--config"), ("environment", "$KIOSK_CONFIG")])
    func missingNamedFileIsAnError(source: String, namedBy: String) throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        try layout.write("work/kiosk.conf", id: "work")
        let missing = layout.root.path + "/missing.conf"
        let error = #expect(throws: KioskError.self) {
            source == "option" ? try layout.load(explicit: missing) : try layout.load(environment: ["KIOSK_CONFIG": missing])
        }
        #expect(error?.category == .configuration)
        #expect(error?.message == "\(missing): no such configuration file (named by \(namedBy))")
    }

    @Test func namedDirectoryIsNotAConfigurationFile() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let error = #expect(throws: KioskError.self) { try layout.load(explicit: layout.work) }
        #expect(error?.category.exitStatus == 78)
        #expect(error?.message.hasPrefix(layout.work + ": no such configuration file") == true)
    }

    @Test func problemsInTheFileNameItsPath() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let file = try layout.root.write("work/kiosk.conf", "[attendance]\ncurfew = \"25:00\"\n")
        let error = #expect(throws: KioskError.self) { try layout.load() }
        #expect(error?.message == "\(file):2: [attendance] curfew: '25:00' is not a time of day (HH:MM, 00:00-23:59)")
    }
}
